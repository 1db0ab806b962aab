import { Bug, XCircle } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";

/** The page's header actions: the Debug toggle and 'Clear Stuck Syncs'. */
export function DataManagementActions({ debug, submitting }: { debug: boolean; submitting: string }) {
  const debugHref = debug ? "/admin/data-management" : "/admin/data-management?debug=1";
  return (
    <>
      <Link
        to={debugHref}
        preventScrollReset
        role="switch"
        aria-checked={debug}
        className={`inline-flex h-10 items-center gap-2 rounded-md border px-4 text-sm font-semibold ${debug ? "border-brand-600 bg-brand-50 text-brand-800" : "border-slate-300 bg-white text-slate-900 hover:bg-slate-50"}`}
      >
        <Bug aria-hidden className="h-4 w-4" /> Debug
      </Link>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="clear" />
        <Button type="submit" variant="outline" disabled={submitting === "clear"}>
          <XCircle aria-hidden className="h-4 w-4" /> Clear Stuck Syncs
        </Button>
      </Form>
    </>
  );
}
