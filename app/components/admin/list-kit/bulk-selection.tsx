/**
 * Bulk actions on an admin list (decision 0806), page half: a checkbox per row, "Select all on
 * this page", the actions' buttons and one confirmation for the batch. Rows' checkboxes belong to
 * the toolbar's form through the `form` attribute, so they can sit inside rows that have forms of
 * their own. Without JavaScript the buttons post the selection and the server asks for the
 * confirmation (BulkConfirmPanel); with it, the dialog asks and posts it confirmed. The rules and
 * the server half: app/web/bulk-selection.ts, app/web/admin-list.server.ts.
 */
import { createContext, useContext, useMemo, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { useHydrated } from "~/components/waste-notes/use-hydrated";
import type { BulkActionTexts, BulkConfirm } from "~/web/bulk-selection";

interface Selection {
  formId: string;
  pageIds: string[];
  selected: ReadonlySet<string>;
  toggle: (id: string, on: boolean) => void;
  setAll: (on: boolean) => void;
}

const SelectionContext = createContext<Selection | null>(null);

/** Holds which rows of the page are ticked; wraps the toolbar and the list. */
export function BulkSelection({
  formId,
  pageIds,
  children,
}: {
  formId: string;
  pageIds: string[];
  children: React.ReactNode;
}) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const value = useMemo<Selection>(() => {
    // Rows that left the page (deleted, moderated) drop out of the selection.
    const selected = new Set(pageIds.filter((id) => ticked.has(id)));
    return {
      formId,
      pageIds,
      selected,
      toggle: (id, on) =>
        setTicked((s) => {
          const next = new Set(s);
          if (on) next.add(id);
          else next.delete(id);
          return next;
        }),
      setAll: (on) => setTicked(on ? new Set(pageIds) : new Set()),
    };
  }, [formId, pageIds, ticked]);
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

function useSelection(): Selection {
  const s = useContext(SelectionContext);
  if (!s) throw new Error("Bulk selection parts must sit inside <BulkSelection>");
  return s;
}

const boxClass = "size-4 rounded border-slate-400 accent-brand-600";

/** A row's checkbox ("Select <row>"). */
export function RowCheckbox({ id, label }: { id: string; label: string }) {
  const { formId, selected, toggle } = useSelection();
  return (
    <input
      type="checkbox"
      form={formId}
      name="id"
      value={id}
      aria-label={label}
      className={boxClass}
      checked={selected.has(id)}
      onChange={(e) => toggle(id, e.currentTarget.checked)}
    />
  );
}

/**
 * The toolbar above the list: "Select all on this page", how many are ticked, and a button per
 * action; the confirmation dialog for the batch.
 */
export function BulkToolbar({
  actions,
  noun,
}: {
  /** intent => texts. */
  actions: Record<string, BulkActionTexts>;
  /** What a row is, for "3 selected" read aloud: ["lead", "leads"]. */
  noun: [string, string];
}) {
  const { formId, pageIds, selected, setAll } = useSelection();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [asking, setAsking] = useState<string | null>(null);
  const busy = navigation.state === "submitting";
  const n = selected.size;
  const allTicked = pageIds.length > 0 && n === pageIds.length;
  if (pageIds.length === 0) return null;
  const action = asking ? actions[asking] : undefined;
  return (
    <>
      <Form
        id={formId}
        method="post"
        className="mt-4 flex flex-wrap items-center gap-3 rounded-md border border-slate-200 bg-white px-3 py-2"
        aria-label={`Bulk actions on ${noun[1]}`}
      >
        {pageIds.map((id) => (
          <input key={id} type="hidden" name="pageId" value={id} />
        ))}
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="all"
            value="page"
            className={boxClass}
            checked={allTicked}
            onChange={(e) => setAll(e.currentTarget.checked)}
          />
          Select all on this page
        </label>
        {hydrated ? (
          <span className="text-sm text-slate-600" aria-live="polite">
            {n} selected
          </span>
        ) : null}
        <div className="ml-auto flex flex-wrap gap-2">
          {Object.entries(actions).map(([intent, a]) => (
            <Button
              key={intent}
              type="submit"
              name="intent"
              value={intent}
              size="sm"
              variant={a.danger ? "danger" : "primary"}
              disabled={busy || (hydrated && n === 0)}
              onClick={(e) => {
                if (!hydrated) return;
                e.preventDefault();
                setAsking(intent);
              }}
            >
              {a.label}
            </Button>
          ))}
        </div>
      </Form>
      <BulkDialog
        intent={asking}
        action={action}
        ids={[...selected]}
        busy={busy}
        onClose={() => setAsking(null)}
      />
    </>
  );
}

/** The batch's one confirmation (with JavaScript). */
function BulkDialog({
  intent,
  action,
  ids,
  busy,
  onClose,
}: {
  intent: string | null;
  action: BulkActionTexts | undefined;
  ids: string[];
  busy: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={!!action}
      onOpenChange={(o) => !o && onClose()}
      title="Confirm"
      description={action ? action.question(ids.length) : undefined}
      footer={
        intent && action ? (
          <>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <ConfirmForm
              intent={intent}
              ids={ids}
              label={action.confirm}
              danger={!!action.danger}
              busy={busy}
              onSubmit={() => setTimeout(onClose, 0)}
            />
          </>
        ) : null
      }
    />
  );
}

/** The confirmed batch: the ids, the intent and confirm=yes. */
function ConfirmForm({
  intent,
  ids,
  label,
  danger,
  busy,
  onSubmit,
}: {
  intent: string;
  ids: string[];
  label: string;
  danger: boolean;
  busy: boolean;
  onSubmit?: () => void;
}) {
  return (
    <Form method="post" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="confirm" value="yes" />
      {ids.map((id) => (
        <input key={id} type="hidden" name="id" value={id} />
      ))}
      <Button type="submit" variant={danger ? "danger" : "primary"} disabled={busy}>
        {label}
      </Button>
    </Form>
  );
}

/** The server's question when the batch came without confirmation (a page without JavaScript). */
export function BulkConfirmPanel({ confirm }: { confirm: BulkConfirm | null | undefined }) {
  const location = useLocation();
  const navigation = useNavigation();
  if (!confirm) return null;
  return (
    <section
      role="alertdialog"
      aria-labelledby="bulk-confirm-question"
      className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4"
    >
      <p id="bulk-confirm-question" className="font-medium text-slate-900">
        {confirm.question}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <ConfirmForm
          intent={confirm.intent}
          ids={confirm.ids}
          label={confirm.confirm}
          danger={confirm.danger}
          busy={navigation.state === "submitting"}
        />
        <Button asChild variant="outline">
          <Link to={`${location.pathname}${location.search}`}>Cancel</Link>
        </Button>
      </div>
    </section>
  );
}
