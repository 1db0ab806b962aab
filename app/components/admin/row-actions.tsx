/** The small buttons of an admin list's row: a link to a dialog or page, and a one-button form. */
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";

type ButtonProps = React.ComponentProps<typeof Button>;

/** A small button that opens `to` (on this page: the scroll position is kept). */
export function RowLink({
  to,
  label,
  variant,
  children,
}: {
  to: string;
  /** The accessible name, naming the row. */
  label: string;
  variant?: ButtonProps["variant"];
  children: React.ReactNode;
}) {
  return (
    <Button asChild variant={variant} size="sm">
      <Link to={to} preventScrollReset aria-label={label}>
        {children}
      </Link>
    </Button>
  );
}

/** A small button in a form of its own: posts `intent` with the row's id in the hidden `field`. */
export function IntentButton({
  field,
  id,
  intent,
  hidden,
  ...button
}: {
  field: string;
  id: string;
  intent: string;
  /** More hidden fields (e.g. the version of the row the page showed). */
  hidden?: Record<string, string>;
} & Omit<ButtonProps, "type" | "name" | "value" | "hidden">) {
  return (
    <Form method="post">
      <input type="hidden" name={field} value={id} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" name="intent" value={intent} size="sm" {...button} />
    </Form>
  );
}
