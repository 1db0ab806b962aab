/**
 * The admin list kit, server half: what the keyset-paged enquiry lists (leads, quote requests,
 * messages) do alike in their loaders and actions. The page half is app/components/admin/list-kit/
 * (the card list and its dialogs) on app/components/enquiries/admin-parts.tsx (search bar, pager,
 * empty state, delete confirmation).
 */
import type { RouterContextProvider } from "react-router";
import type { Page, PageRequest } from "~/platform/db/keyset-page.server";
import { parseBulkSelection, type BulkActionTexts, type BulkConfirm } from "./bulk-selection";
import { getApp } from "./context";
import { redirectWithToast, type ToastMessage } from "./toast.server";

type Ctx = Readonly<RouterContextProvider>;

/** The search and the cursors a list page was asked for (?q=&after=&before=). */
export function pageRequest(url: URL): PageRequest & { q: string } {
  return {
    q: (url.searchParams.get("q") ?? "").slice(0, 100),
    after: url.searchParams.get("after"),
    before: url.searchParams.get("before"),
  };
}

/** Loads one page; a failure is logged and shown as an error toast over an empty list. */
export async function loadAdminList<T>(
  context: Ctx,
  url: URL,
  load: (req: PageRequest) => Promise<Page<T>>,
  what: string,
): Promise<{ q: string; page: Page<T>; error: ToastMessage | null }> {
  const req = pageRequest(url);
  try {
    return { q: req.q, page: await load(req), error: null };
  } catch (error) {
    getApp(context).log.error({ err: error }, `${what} could not be loaded`);
    return {
      q: req.q,
      page: { rows: [], next: null, prev: null },
      error: { title: "Error", description: `Failed to load ${what}`, variant: "destructive" },
    };
  }
}

/**
 * The list's delete action (intent=delete, id): back to the same page and search with a toast.
 * `remove` answers false when there was nothing to delete.
 */
export async function deleteFromAdminList(
  context: Ctx,
  request: Request,
  url: URL,
  options: {
    remove: (id: string) => Promise<boolean>;
    what: string;
    deleted: string;
    /** The list's bulk actions (intent => texts and what it does), if it has any. */
    bulk?: BulkActions;
  },
): Promise<Response | { bulkConfirm: BulkConfirm }> {
  const form = await request.formData();
  const back = listBack(url);
  const intent = form.get("intent");
  if (options.bulk && typeof intent === "string" && Object.hasOwn(options.bulk, intent))
    return bulkFromAdminList(context, form, back, options.bulk);
  if (intent !== "delete")
    return redirectWithToast(context, back, {
      title: "Error",
      description: "Unknown action",
      variant: "destructive",
    });
  try {
    if (await options.remove(String(form.get("id") ?? "")))
      return redirectWithToast(context, back, { title: options.deleted, variant: "success" });
  } catch (error) {
    getApp(context).log.error({ err: error }, `${options.what} delete failed`);
  }
  return redirectWithToast(context, back, {
    title: "Error",
    description: `Failed to delete ${options.what}`,
    variant: "destructive",
  });
}

/** The page's own address (its search and cursor kept), without React Router's `index` marker. */
export function listBack(url: URL): string {
  return `${url.pathname}${url.search.replace(/([?&])index(=[^&]*)?&?/, "$1").replace(/[?&]$/, "")}`;
}

/** A list's bulk actions: intent => the texts the page shows and what it does (rows changed). */
export type BulkActions = Record<string, BulkActionTexts & { run: (ids: string[]) => Promise<number> }>;

/**
 * A bulk action (decision 0806): the selection checked (at most one page of valid ids), then,
 * unless the form says `confirm=yes`, the confirmation to show (the page without JavaScript asks
 * here; the dialog sends it confirmed); else the action runs and the page comes back with a toast.
 */
export async function bulkFromAdminList(
  context: Ctx,
  form: FormData,
  back: string,
  actions: BulkActions,
): Promise<Response | { bulkConfirm: BulkConfirm }> {
  const selection = parseBulkSelection(form, Object.keys(actions));
  if (!selection.ok)
    return redirectWithToast(context, back, {
      title: "Error",
      description: selection.error,
      variant: "destructive",
    });
  const action = actions[selection.intent]!;
  if (!selection.confirmed) {
    const { intent, ids } = selection;
    const question = action.question(ids.length);
    return { bulkConfirm: { intent, ids, question, confirm: action.confirm, danger: !!action.danger } };
  }
  try {
    const n = await action.run(selection.ids);
    return redirectWithToast(context, back, { title: action.done(n), variant: "success" });
  } catch (error) {
    getApp(context).log.error({ err: error }, `bulk ${selection.intent} failed`);
    return redirectWithToast(context, back, {
      title: "Error",
      description: "Nothing was changed. Please try again.",
      variant: "destructive",
    });
  }
}
