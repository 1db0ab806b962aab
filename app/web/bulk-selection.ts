/**
 * Bulk actions on an admin list (decision 0806): what a page says about each action, and the
 * form's rules, shared by the server (admin-list.server.ts) and the page (list-kit/bulk-selection).
 *
 * The form posts `intent`, the ticked rows as `id` (one field each) and, when "Select all on this
 * page" is ticked, `all=page` with every row of the page as `pageId`, so that it works without
 * JavaScript. At most one page's worth (BULK_LIMIT) of valid ids; nothing is changed until the
 * form comes back with `confirm=yes` (the dialog sends it; without JavaScript the server asks).
 */
import * as z from "zod/mini";

export const BULK_LIMIT = 100;

/** One bulk action of a list: its button, its confirmation and its result. */
export interface BulkActionTexts {
  /** The button: "Delete selected". */
  label: string;
  /** The confirmation's question for n rows: "Delete 3 leads? This cannot be undone." */
  question: (n: number) => string;
  /** The confirmation's button: "Delete". */
  confirm: string;
  /** The toast after n rows changed: "3 leads deleted". */
  done: (n: number) => string;
  danger?: boolean;
}

/** What the server asks the admin to confirm (no JavaScript: the page shows it above the list). */
export interface BulkConfirm {
  intent: string;
  ids: string[];
  question: string;
  confirm: string;
  danger: boolean;
}

/** "1 lead", "3 leads". */
export function countOf(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

const idsSchema = z
  .array(z.uuid("The selection is not valid"))
  .check(
    z.minLength(1, "Select at least one row first"),
    z.maxLength(BULK_LIMIT, `Select at most ${BULK_LIMIT} rows at a time`),
  );

export type BulkSelection =
  { ok: true; intent: string; ids: string[]; confirmed: boolean } | { ok: false; error: string };

/** The intent, the distinct ids (the ticked rows, or the whole page) and whether it is confirmed. */
export function parseBulkSelection(form: FormData, intents: readonly string[]): BulkSelection {
  const intent = form.get("intent");
  if (typeof intent !== "string" || !intents.includes(intent)) return { ok: false, error: "Unknown action" };
  const field = (name: string) => form.getAll(name).filter((v): v is string => typeof v === "string");
  const chosen = form.get("all") === "page" ? [...field("id"), ...field("pageId")] : field("id");
  if (chosen.length > 2 * BULK_LIMIT)
    return { ok: false, error: `Select at most ${BULK_LIMIT} rows at a time` };
  const parsed = idsSchema.safeParse([...new Set(chosen.map((id) => id.toLowerCase()))]);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Invalid selection" };
  return { ok: true, intent, ids: parsed.data, confirmed: form.get("confirm") === "yes" };
}
