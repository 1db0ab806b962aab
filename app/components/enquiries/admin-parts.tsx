/** Pieces shared by the admin enquiry screens: search bar with Refresh, pager, dialogs' content. */
import { ChevronLeft, ChevronRight, ExternalLink, RefreshCw, Search } from "lucide-react";
import { Form, Link, useLocation, useNavigation, useRevalidator } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Input, Label } from "~/components/ui/form";

export function SearchBar({ q, placeholder, label }: { q: string; placeholder: string; label: string }) {
  const revalidator = useRevalidator();
  const location = useLocation();
  const navigation = useNavigation();
  const refreshing =
    revalidator.state === "loading" ||
    (navigation.state === "loading" && navigation.location?.pathname === location.pathname);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <Form method="get" role="search" className="flex flex-1 gap-2">
        <div className="flex-1">
          <Label htmlFor="admin-search" className="sr-only">
            {label}
          </Label>
          <Input
            id="admin-search"
            type="search"
            name="q"
            defaultValue={q}
            placeholder={placeholder}
            maxLength={100}
          />
        </div>
        <Button type="submit" variant="secondary">
          <Search aria-hidden className="h-4 w-4" /> Search
        </Button>
      </Form>
      <Link
        to={`${location.pathname}${location.search}`}
        preventScrollReset
        onClick={(e) => {
          e.preventDefault();
          void revalidator.revalidate();
        }}
        className={buttonVariants({ variant: "outline" })}
      >
        <RefreshCw aria-hidden className={refreshing ? "h-4 w-4 animate-spin" : "h-4 w-4"} /> Refresh
      </Link>
    </div>
  );
}

export function Pager({ prev, next, q }: { prev: string | null; next: string | null; q: string }) {
  if (!prev && !next) return null;
  const qs = (k: string, v: string) => `?${new URLSearchParams({ ...(q ? { q } : {}), [k]: v }).toString()}`;
  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center justify-between gap-2">
      {prev ? (
        <Link to={qs("before", prev)} className={buttonVariants({ variant: "outline", size: "sm" })}>
          <ChevronLeft aria-hidden className="h-4 w-4" /> Newer
        </Link>
      ) : (
        <span />
      )}
      {prev ? (
        <Link
          to={q ? `?q=${encodeURIComponent(q)}` : "?"}
          className="text-sm font-medium text-brand-700 underline underline-offset-2"
        >
          Back to newest
        </Link>
      ) : null}
      {next ? (
        <Link to={qs("after", next)} className={buttonVariants({ variant: "outline", size: "sm" })}>
          Older <ChevronRight aria-hidden className="h-4 w-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

export function DetailSection({ title, rows }: { title: string; rows: [string, React.ReactNode][] }) {
  return (
    <section className="mt-4 first:mt-0">
      <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{title}</h3>
      <dl className="mt-2 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium text-slate-600">{k}</dt>
            <dd className="break-words text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function ImageDialog({
  src,
  title,
  onClose,
}: {
  src: string | null;
  title: string;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={!!src}
      onOpenChange={(o) => !o && onClose()}
      title={title}
      footer={
        <>
          <a
            href={src ?? "#"}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ variant: "outline" })}
          >
            <ExternalLink aria-hidden className="h-4 w-4" /> Open in New Tab
          </a>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      {src ? (
        <img
          src={src}
          alt="Photo sent by the customer"
          className="mx-auto max-h-[60vh] rounded-md object-contain"
        />
      ) : null}
    </Dialog>
  );
}

export function DeleteDialog({
  id,
  question,
  open,
  onClose,
}: {
  id: string | null;
  question: string;
  open: boolean;
  onClose: () => void;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="Confirm deletion"
      description={question}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Form method="post" onSubmit={() => setTimeout(onClose, 0)}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={id ?? ""} />
            <Button type="submit" variant="danger" disabled={busy}>
              Delete
            </Button>
          </Form>
        </>
      }
    />
  );
}

export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
      {children}
    </p>
  );
}
