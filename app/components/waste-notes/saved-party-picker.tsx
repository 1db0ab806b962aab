/**
 * "Use a saved site" / "Use a saved customer" on the company's waste note form (decision 0710): an
 * ARIA combobox that searches /company/saved-parties.json as the carrier types and, on a choice,
 * fills the enclosing form's fields by name (setting each value the way the browser does, then
 * `input` and `change` events, so controlled and validated fields notice). Without JavaScript it
 * renders nothing: the fields stay typeable.
 */
import { useEffect, useId, useRef, useState } from "react";
import { cn } from "~/components/ui/cn";
import { Label } from "~/components/ui/form";
import { SAVED_PARTY_FILLS, type SavedPartyMatch } from "~/modules/waste-notes/saved-party-matches";
import { useHydrated } from "./use-hydrated";

type Kind = "site" | "customer";

const TEXT = {
  site: {
    label: "Use a saved site",
    none: "No saved sites yet: the site on this note is saved for next time.",
  },
  customer: {
    label: "Use a saved customer",
    none: "No saved customers yet: the customer on this note is saved for next time.",
  },
} as const;

/** Sets a field's value as typing would (React's controlled inputs see it) and tells listeners. */
function setFieldValue(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  const proto = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, "value")?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event("input", { bubbles: true }));
  field.dispatchEvent(new Event("change", { bubbles: true }));
}

/** Fills the form's fields of that kind; returns how many it found. */
export function fillForm(form: HTMLFormElement, kind: Kind, fill: Record<string, string>): number {
  let filled = 0;
  for (const name of SAVED_PARTY_FILLS[kind]) {
    const field = form.elements.namedItem(name);
    if (
      field instanceof HTMLInputElement ||
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement
    ) {
      setFieldValue(field, fill[name] ?? "");
      filled++;
    }
  }
  return filled;
}

/** The matches for the typed text, fetched after a short pause; null until the first answer. */
function useSavedMatches(kind: Kind, query: string, enabled: boolean) {
  const [state, setState] = useState<{ matches: SavedPartyMatch[]; total: number } | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ kind, q: query.trim() });
      fetch(`/company/saved-parties.json?${params}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      })
        .then(async (r) => {
          if (!r.ok || !(r.headers.get("Content-Type") ?? "").includes("json"))
            throw new Error(String(r.status));
          const body = (await r.json()) as { matches: SavedPartyMatch[]; total: number };
          setState({ matches: body.matches, total: body.total });
        })
        .catch((error: unknown) => {
          if ((error as { name?: string }).name !== "AbortError") setUnavailable(true);
        });
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [kind, query, enabled]);
  return { state, unavailable };
}

// eslint-disable-next-line max-lines-per-function -- one combobox: its state, keys and markup read best together
export function SavedPartyPicker({ kind }: { kind: Kind }) {
  const hydrated = useHydrated();
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const [used, setUsed] = useState(false);
  const { state, unavailable } = useSavedMatches(kind, query, hydrated && (open || !used));
  const matches = state?.matches ?? [];
  const text = TEXT[kind];

  useEffect(() => {
    if (active >= 0)
      listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active]);

  if (!hydrated || unavailable) return null;
  const nothingSaved = state !== null && state.total === 0 && query.trim() === "";

  const choose = (index: number) => {
    const match = matches[index];
    const form = rootRef.current?.closest("form");
    if (!match || !form) return;
    fillForm(form, kind, match.fill);
    setQuery("");
    setOpen(false);
    setActive(-1);
    setUsed(true);
    setStatus(`Filled from ${match.label}`);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, matches.length - 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === "Enter" && open) {
      // Never submit the note from the search box.
      e.preventDefault();
      if (active >= 0) choose(active);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const listId = `${id}-list`;
  const inputId = `${id}-input`;
  const countText =
    state === null ? "Searching…" : matches.length === 0 ? "Nothing saved matches" : `${state.total} saved`;
  return (
    <div ref={rootRef} className="rounded-md border border-dashed border-brand-200 bg-brand-50/40 p-3">
      <Label htmlFor={inputId}>{text.label}</Label>
      {nothingSaved ? (
        <p className="text-sm text-slate-600">{text.none}</p>
      ) : (
        <div className="relative">
          <input
            id={inputId}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-describedby={`${id}-status`}
            aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
            placeholder="Name, address or postcode"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
            className="block h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          />
          {open ? (
            <div className="absolute z-20 mt-1 w-full rounded-md border border-slate-200 bg-white shadow-lg">
              <p className="border-b border-slate-100 px-3 py-1.5 text-xs text-slate-600">{countText}</p>
              <ul
                id={listId}
                ref={listRef}
                role="listbox"
                aria-label={text.label}
                className="max-h-64 overflow-y-auto py-1"
              >
                {matches.map((m, i) => (
                  <li
                    key={m.id}
                    id={`${id}-opt-${i}`}
                    data-index={i}
                    role="option"
                    aria-selected={i === active}
                    // mousedown, not click: the input's blur would close the list first.
                    onMouseDown={(e) => {
                      e.preventDefault();
                      choose(i);
                    }}
                    onMouseMove={() => setActive(i)}
                    className={cn(
                      "cursor-pointer px-3 py-2 text-sm",
                      i === active ? "bg-brand-50 text-brand-900" : "text-slate-900",
                    )}
                  >
                    <span className="block font-medium break-words">{m.label}</span>
                    {m.detail ? (
                      <span className="block text-xs break-words text-slate-600">{m.detail}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      )}
      <p id={`${id}-status`} role="status" className="mt-1 text-xs text-slate-600">
        {status}
      </p>
    </div>
  );
}
