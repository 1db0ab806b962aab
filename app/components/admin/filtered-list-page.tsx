/**
 * An admin page listing records with filters of several fields (the audit log, the waste note
 * search): the filters' form, then the list (or what to say when it is empty) and its Newer /
 * Older links. A failure to load is shown as a toast.
 */
import { AdminPage } from "~/components/admin/admin-page";
import { FilteredPager } from "~/components/admin/filtered-pager";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";

export function FilteredListPage<F extends { [K in keyof F]: string }, T>({
  title,
  description,
  list: { filters, errors, page, error },
  filtered,
  empty,
  form,
  children,
}: {
  title: string;
  description: string;
  /** The loader's answer. */
  list: {
    filters: F;
    errors: object;
    page: { rows: T[]; prev: string | null; next: string | null };
    error: ToastMessage | null;
  };
  /** Whether any filter is set. */
  filtered: boolean;
  /** What to say when there are no rows: the filters are wrong, none match, there are none at all. */
  empty: { invalid: string; unmatched: string; none: string };
  /** The filters' form. */
  form: React.ReactNode;
  /** The rows' list, given what to say when it is empty. */
  children: (rows: T[], empty: string) => React.ReactNode;
}) {
  useToastOnce(error);
  const invalid = Object.keys(errors).length > 0;
  return (
    <AdminPage title={title} description={description}>
      {form}
      <div className="mt-6">
        {children(page.rows, invalid ? empty.invalid : filtered ? empty.unmatched : empty.none)}
        <FilteredPager prev={page.prev} next={page.next} filters={{ ...filters }} />
      </div>
    </AdminPage>
  );
}
