/** An admin list as loaded: the list, or why there is none (it failed to load, or nothing matches). */
import { EmptyState } from "~/components/enquiries/admin-parts";
import { Alert } from "~/components/ui/alert";
import { Table, Th } from "~/components/ui/table";

export function LoadedList<T>({
  rows,
  failed,
  empty,
  children,
}: {
  /** The rows, or null when they could not be loaded. */
  rows: T[] | null;
  /** The title of the error shown when the rows could not be loaded. */
  failed: string;
  /** What to say when there are no rows. */
  empty: React.ReactNode;
  children: (rows: T[]) => React.ReactNode;
}) {
  if (!rows)
    return (
      <Alert tone="error" title={failed}>
        Please reload the page.
      </Alert>
    );
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  return children(rows);
}

/**
 * Below the `sm` breakpoint each row is laid out as a card (its cells one under the other), so
 * the Actions stay on screen at 375 px instead of in a table that scrolls sideways.
 */
const CARDS_ON_PHONES =
  "max-sm:block max-sm:min-w-0 max-sm:[&_tbody]:block max-sm:[&_tr]:block max-sm:[&_tr]:border-b max-sm:[&_tr]:border-slate-200 max-sm:[&_tr]:py-2 max-sm:[&_td]:block max-sm:[&_td]:border-0 max-sm:[&_td]:py-1 max-sm:[&_td>div]:justify-start";

/** A table of rows with these column headings, then Actions (right-aligned; rows as cards on phones). */
export function ActionsTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: string[];
  /** The rows. */
  children: React.ReactNode;
}) {
  return (
    <Table caption={caption} className={CARDS_ON_PHONES}>
      <thead className="max-sm:sr-only">
        <tr>
          {columns.map((c) => (
            <Th key={c}>{c}</Th>
          ))}
          <Th className="text-right">Actions</Th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </Table>
  );
}
