/**
 * The loader of a keyset-paged admin list whose filters are several fields, checked by a module
 * (the audit log, the waste note search): with a value that cannot be used, the filters come back
 * with their errors over an empty page (status 400, nothing read); else one page is loaded as
 * loadAdminList does (a failure is shown as an error toast over an empty list).
 */
import { data, type RouterContextProvider } from "react-router";
import type { Page, PageRequest } from "~/platform/db/keyset-page.server";
import { loadAdminList } from "./admin-list.server";

/** What a module's filter parser answers. */
type Checked = { ok: true; filters: object } | { ok: false; filters: object; errors: object };
type Passed<P> = Extract<P, { ok: true }>;
type Failed<P> = Extract<P, { ok: false }>;

export async function loadFilteredList<P extends Checked, T>(
  context: Readonly<RouterContextProvider>,
  url: URL,
  parsed: P,
  load: (checked: Passed<P>, req: PageRequest) => Promise<Page<T>>,
  what: string,
) {
  if (!parsed.ok) {
    const failed = parsed as Failed<P>;
    return data(
      {
        filters: failed.filters as Failed<P>["filters"],
        errors: failed.errors as Failed<P>["errors"],
        page: { rows: [], next: null, prev: null },
        error: null,
      },
      { status: 400 },
    );
  }
  const checked = parsed as Passed<P>;
  const { page, error } = await loadAdminList(context, url, (req) => load(checked, req), what);
  return { filters: checked.filters as Passed<P>["filters"], errors: {}, page, error };
}
