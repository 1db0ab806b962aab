/** An admin list's search: a labelled search box (`q`) and Search, sent as a GET to the page. */
import { Search } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/form";

export function AdminSearchForm({
  id,
  label,
  placeholder,
  q,
  children,
}: {
  /** The search box's id. */
  id: string;
  label: string;
  placeholder: string;
  q: string;
  /** Hidden fields kept with the search (a tab, a filter). */
  children?: React.ReactNode;
}) {
  return (
    <Form method="get" role="search" className="flex flex-col gap-2 sm:flex-row sm:items-end">
      {children}
      <div className="flex-1">
        <Label htmlFor={id}>{label}</Label>
        <Input id={id} name="q" type="search" defaultValue={q} placeholder={placeholder} maxLength={100} />
      </div>
      <Button type="submit" variant="outline">
        <Search aria-hidden className="size-4" /> Search
      </Button>
    </Form>
  );
}
