/**
 * What /company/sites and /company/customers share (decision 0710): the loader (the company's
 * saved rows, a search, pages of 20, the row a dialog opens: ?new, ?edit=<id>, ?delete=<id>) and
 * the action (intent create, update or delete, each checked on the server, audited by the
 * module). Only the owner of a listing: anyone else gets the account-not-found page or a 404.
 */
import { data, type RouterContextProvider } from "react-router";
import {
  createSavedParty,
  deleteSavedParty,
  getSavedParty,
  listSavedParties,
  updateSavedParty,
  type SavedCustomer,
  type SavedSite,
} from "~/modules/waste-notes/saved-parties.server";
import {
  parseSavedCustomer,
  parseSavedSite,
  SAVED_PARTY_TEXT,
  type SavedPartyKind,
  type SavedPartyValues,
} from "~/modules/waste-notes/saved-party-input";
import type {
  SavedPartiesList,
  SavedPartiesReply,
} from "~/components/company/saved-parties/saved-parties-page";
import { readForm } from "~/web/request-input.server";
import { redirectWithToast, type ToastMessage } from "~/web/toast.server";
import { companyListing } from "./company-user.server";

export const SAVED_PAGE_SIZE = 20;

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
  url: URL;
}

export interface SavedPartiesData {
  kind: SavedPartyKind;
  email: string;
  list: SavedPartiesList | null;
  toast: ToastMessage | null;
}

/** A row as the page shows it (its fields by the form's names). */
const view = (row: SavedSite | SavedCustomer) => ({ ...row, updatedAt: row.updatedAt.toISOString() });

/** The list's address with the search and page, without a dialog. */
export function listHref(kind: SavedPartyKind, url: URL): string {
  const params = new URLSearchParams();
  for (const name of ["q", "page"]) {
    const v = url.searchParams.get(name);
    if (v) params.set(name, v);
  }
  const s = params.toString();
  return `/company/${kind === "site" ? "sites" : "customers"}${s ? `?${s}` : ""}`;
}

export async function savedPartiesLoader(kind: SavedPartyKind, args: Args): Promise<SavedPartiesData> {
  const { user, app, listing } = await companyListing(args);
  if (!listing) return { kind, email: user.email, list: null, toast: null };
  const reg = listing.registrationNumber;
  const params = args.url.searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const requested = Number.parseInt(params.get("page") ?? "1", 10);
  const page = Number.isFinite(requested) && requested > 0 ? Math.min(requested, 10_000) : 1;
  const editId = params.get("edit");
  const deleteId = params.get("delete");
  const [result, editing, deleting] = await Promise.all([
    listSavedParties(app.db, kind, reg, { q, limit: SAVED_PAGE_SIZE, offset: (page - 1) * SAVED_PAGE_SIZE }),
    editId ? getSavedParty(app.db, kind, reg, editId) : null,
    deleteId ? getSavedParty(app.db, kind, reg, deleteId) : null,
  ]);
  const missing = (editId && !editing) || (deleteId && !deleting);
  return {
    kind,
    email: user.email,
    list: {
      q,
      page,
      pages: Math.max(1, Math.ceil(result.total / SAVED_PAGE_SIZE)),
      total: result.total,
      rows: result.rows.map(view),
      adding: params.has("new"),
      editing: editing && view(editing),
      deleting: deleting && view(deleting),
    },
    toast: missing
      ? { title: "Error", description: SAVED_PARTY_TEXT.notFound, variant: "destructive" }
      : null,
  };
}

const notFound = () =>
  data<SavedPartiesReply>(
    { toast: { title: "Error", description: SAVED_PARTY_TEXT.notFound, variant: "destructive" } },
    { status: 404 },
  );

export async function savedPartiesAction(kind: SavedPartyKind, args: Args) {
  const { user, app, listing } = await companyListing(args);
  if (!listing) return notFound();
  const read = await readForm(args.request);
  if (!read.ok)
    return data<SavedPartiesReply>(
      { toast: { title: "Error", description: read.message, variant: "destructive" } },
      { status: read.status },
    );
  const form = read.form;
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  const actor = { userId: user.id, registrationNumber: listing.registrationNumber };
  const text = SAVED_PARTY_TEXT[kind];
  const back = listHref(kind, args.url);
  if (intent === "delete") {
    const r = await deleteSavedParty(app.db, kind, actor, id);
    if (r.status === "not_found") return notFound();
    return redirectWithToast(args.context, back, { title: text.deleted, variant: "success" });
  }
  if (intent !== "create" && intent !== "update") return notFound();
  const parsed = kind === "site" ? parseSavedSite(form) : parseSavedCustomer(form);
  if (!parsed.ok)
    return data<SavedPartiesReply>({ intent, errors: parsed.errors, values: parsed.values }, { status: 400 });
  const r =
    intent === "create"
      ? await createSavedParty(app.db, kind, actor, parsed.data)
      : await updateSavedParty(app.db, kind, actor, id, parsed.data);
  if (r.status === "not_found") return notFound();
  if (r.status === "duplicate") {
    const values: SavedPartyValues = {};
    for (const [k, v] of form) if (typeof v === "string" && k !== "intent" && k !== "id") values[k] = v;
    return data<SavedPartiesReply>({ intent, errors: { name: text.duplicate }, values }, { status: 409 });
  }
  return redirectWithToast(args.context, back, {
    title: intent === "create" ? text.created : text.updated,
    variant: "success",
  });
}
