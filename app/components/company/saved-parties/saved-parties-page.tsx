/**
 * /company/sites and /company/customers (decision 0710): the company's saved receiving sites or
 * customers, a search (a GET form), pages of 20, and add, edit and delete in dialogs opened from
 * the URL, so the page works without JavaScript.
 */
import { Building2, ChevronLeft, ChevronRight, MapPin, Pencil, Plus, Search, Trash2 } from "lucide-react";
import { Form, Link, useNavigate } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Input } from "~/components/ui/form";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import {
  SAVED_PARTY_TEXT,
  type SavedPartyErrors,
  type SavedPartyKind,
  type SavedPartyValues,
} from "~/modules/waste-notes/saved-party-input";
import {
  DeleteSavedPartyDialog,
  rowValues,
  SavedPartyFormDialog,
  type SavedRowView,
} from "./saved-party-dialogs";

/** What the page's loader gives: a page of the company's rows and the row a dialog opens. */
export interface SavedPartiesList {
  q: string;
  page: number;
  pages: number;
  total: number;
  rows: SavedRowView[];
  /** What the URL opens: the add form, a row's edit form or its delete confirmation. */
  adding: boolean;
  editing: SavedRowView | null;
  deleting: SavedRowView | null;
}

/** The action's answer when it did not redirect: a form's errors and values, or a toast. */
export interface SavedPartiesReply {
  intent?: "create" | "update";
  errors?: SavedPartyErrors;
  values?: SavedPartyValues;
  toast?: ToastMessage;
}

function hrefWith(base: string, name: string, value: string) {
  return `${base}${base.includes("?") ? "&" : "?"}${name}=${encodeURIComponent(value)}`;
}

function SavedSearch({
  kind,
  q,
  total,
  shown,
}: {
  kind: SavedPartyKind;
  q: string;
  total: number;
  shown: number;
}) {
  const plural = kind === "site" ? "sites" : "customers";
  return (
    <>
      <Form method="get" role="search" className="mt-6 flex gap-2">
        <label htmlFor="saved-search" className="sr-only">
          Search saved {plural}
        </label>
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          />
          <Input
            id="saved-search"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={200}
            placeholder={kind === "site" ? "Name, address or postcode" : "Name, address or e-mail"}
            className="pl-9"
          />
        </div>
        <button type="submit" className={buttonVariants({ variant: "outline", size: "md" })}>
          Search
        </button>
      </Form>
      <p className="mt-3 text-sm text-slate-700" role="status" data-testid="saved-count">
        {q
          ? `${total} ${total === 1 ? "match" : "matches"} for "${q}"`
          : `${shown === 0 ? "No" : total} saved ${plural}`}
      </p>
    </>
  );
}

function pageHref(q: string, page: number) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : ".";
}

/** Previous and Next between pages of 20, keeping the search. */
function SavedPager({ q, page, pages }: { q: string; page: number; pages: number }) {
  const link = buttonVariants({ variant: "outline", size: "sm" });
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={pageHref(q, page - 1)} className={link}>
          <ChevronLeft aria-hidden className="size-4" /> Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-700">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={pageHref(q, page + 1)} className={link}>
          Next <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

function RowDetails({ kind, row }: { kind: SavedPartyKind; row: SavedRowView }) {
  const line = (v: unknown) => (typeof v === "string" && v ? v : null);
  const details =
    kind === "site"
      ? [
          line(row.authorisation) ? `Permit or exemption: ${String(row.authorisation)}` : null,
          [line(row.address), line(row.postcode)].filter(Boolean).join(", ") || null,
        ]
      : [
          line(row.address),
          line(row.email),
          line(row.sicCode) ? `SIC ${String(row.sicCode)}` : null,
          line(row.originAddress) ? `Collects from: ${String(row.originAddress)}` : null,
        ];
  return (
    <div className="mt-1 space-y-0.5 text-sm break-words text-slate-700">
      {details.filter(Boolean).map((d) => (
        <p key={d}>{d}</p>
      ))}
    </div>
  );
}

function SavedRows({ kind, rows, back }: { kind: SavedPartyKind; rows: SavedRowView[]; back: string }) {
  const Icon = kind === "site" ? MapPin : Building2;
  return (
    <ul className="mt-4 space-y-3" aria-label={kind === "site" ? "Saved sites" : "Saved customers"}>
      {rows.map((row) => (
        <li key={row.id}>
          <Card>
            <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="flex min-w-0 gap-3">
                <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <div className="min-w-0">
                  <h2 className="font-semibold break-words text-slate-900">{row.name}</h2>
                  <RowDetails kind={kind} row={row} />
                </div>
              </div>
              <div className="flex shrink-0 gap-2">
                <Link
                  to={hrefWith(back, "edit", row.id)}
                  preventScrollReset
                  aria-label={`Edit ${row.name}`}
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                >
                  <Pencil aria-hidden className="size-4" /> Edit
                </Link>
                <Link
                  to={hrefWith(back, "delete", row.id)}
                  preventScrollReset
                  aria-label={`Delete ${row.name}`}
                  className={buttonVariants({ variant: "danger-ghost", size: "sm" })}
                >
                  <Trash2 aria-hidden className="size-4" /> Delete
                </Link>
              </div>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function SavedPartiesPage({
  list,
  kind,
  back,
  toast,
  reply,
}: {
  list: SavedPartiesList;
  kind: SavedPartyKind;
  back: string;
  toast: ToastMessage | null;
  reply: SavedPartiesReply | undefined;
}) {
  const navigate = useNavigate();
  useToastOnce(toast);
  useToastOnce(reply?.toast);
  const text = SAVED_PARTY_TEXT[kind];
  const { rows, editing, deleting } = list;
  const formOpen = list.adding || editing !== null || reply?.intent === "create";
  const close = () => navigate(back, { preventScrollReset: true });
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{text.title}</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{text.intro}</p>
        </div>
        <Button asChild className="shrink-0">
          <Link to={hrefWith(back, "new", "1")} preventScrollReset>
            <Plus aria-hidden className="size-4" /> {text.add}
          </Link>
        </Button>
      </div>
      <SavedSearch kind={kind} q={list.q} total={list.total} shown={rows.length} />
      {rows.length === 0 ? (
        <Card className="mt-4">
          <CardContent className="py-8 text-center text-sm text-slate-600">
            {list.q ? SAVED_PARTY_TEXT.noMatches : text.empty}
          </CardContent>
        </Card>
      ) : (
        <SavedRows kind={kind} rows={rows} back={back} />
      )}
      {list.pages > 1 ? <SavedPager q={list.q} page={list.page} pages={list.pages} /> : null}
      {formOpen ? (
        <SavedPartyFormDialog
          key={editing?.id ?? "new"}
          kind={kind}
          row={editing}
          values={reply?.values ?? rowValues(kind, editing)}
          errors={reply?.errors}
          closeHref={back}
          onClose={close}
        />
      ) : null}
      {deleting ? (
        <DeleteSavedPartyDialog kind={kind} row={deleting} closeHref={back} onClose={close} />
      ) : null}
    </main>
  );
}
