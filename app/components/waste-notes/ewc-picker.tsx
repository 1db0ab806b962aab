/**
 * An item's EWC codes (1 to 5, decision 0709). Without JavaScript: a text input (several codes
 * separated by commas; the server checks them). With it: an ARIA combobox over /EWCCodes.csv,
 * searchable by code or words, filtered by two-digit chapter, at most 75 entries while the search
 * is empty; each chosen code becomes a chip with a remove button and a hidden input; the
 * hazardous-code warning shows when any chosen code is hazardous.
 */
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { FieldError, Label } from "~/components/ui/form";
import { cn } from "~/components/ui/cn";
import { MAX_CODES_PER_ITEM } from "~/modules/waste-notes/constants";
import { EMPTY_SEARCH_LIMIT, filterEwc, findOption, parseEwcList, type EwcList } from "./ewc-list";
import { EwcChapterFilter, EwcChips, EwcHazardAlert, EwcHint, EwcOptionList } from "./ewc-picker-parts";
import { useHydrated } from "./use-hydrated";

let listPromise: Promise<EwcList> | undefined;
function loadList(): Promise<EwcList> {
  listPromise ??= fetch("/EWCCodes.csv")
    .then((r) => {
      if (!r.ok) throw new Error(`EWC list: HTTP ${r.status}`);
      return r.text();
    })
    .then(parseEwcList)
    .catch((error: unknown) => {
      listPromise = undefined;
      throw error;
    });
  return listPromise;
}

/** Codes typed in the plain input: split at commas, semicolons and line breaks. */
const splitTyped = (text: string) =>
  text
    .split(/[,;\n\r]+/)
    .map((c) => c.trim())
    .filter(Boolean);

/** The combobox state: the loaded list, the chosen codes, search, chapter, open state and active option. */
function useEwcCombobox(defaultCodes: string[]) {
  const [list, setList] = useState<EwcList | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [codes, setCodes] = useState<string[]>(defaultCodes);
  const [query, setQuery] = useState("");
  const [chapter, setChapter] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    loadList().then(setList, () => setLoadError(true));
  }, []);

  const matches = useMemo(() => (list ? filterEwc(list.codes, query, chapter) : []), [list, query, chapter]);
  const tooMany = query.trim() === "" && matches.length > EMPTY_SEARCH_LIMIT;
  const shown = tooMany ? matches.slice(0, EMPTY_SEARCH_LIMIT) : matches;
  const option = (code: string) => (list ? findOption(list.codes, code) : undefined);
  const hazardous = codes.some((c) => option(c)?.hazardous ?? /\*\s*$/.test(c));
  const full = codes.length >= MAX_CODES_PER_ITEM;

  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active]);

  /** Adds a code (canonical), once; at most 5. */
  const add = (code: string) => {
    setCodes((now) => (now.includes(code) || now.length >= MAX_CODES_PER_ITEM ? now : [...now, code]));
    setQuery("");
    setOpen(false);
    setActive(-1);
  };
  const choose = (index: number) => {
    const chosen = shown[index];
    if (chosen) add(chosen.code);
  };
  /** A whole code typed in the search box ("170504", "17 05 04") is taken as chosen. */
  const takeTyped = () => {
    const typed = option(query);
    if (typed) add(typed.code);
    return typed !== undefined;
  };
  const remove = (code: string) => setCodes((now) => now.filter((c) => c !== code));

  return {
    list,
    loadError,
    codes,
    setCodes,
    query,
    setQuery,
    chapter,
    setChapter,
    open,
    setOpen,
    active,
    setActive,
    listRef,
    matches,
    tooMany,
    shown,
    option,
    hazardous,
    full,
    choose,
    takeTyped,
    remove,
  };
}

type EwcCombobox = ReturnType<typeof useEwcCombobox>;

/** Keyboard handling of the combobox input (arrows, Home/End, Enter to choose, Escape to close). */
function comboboxKeyDown({ open, setOpen, active, setActive, shown, choose, takeTyped }: EwcCombobox) {
  return (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      if (!open) setOpen(true);
      setActive((a) => Math.min(a + 1, shown.length - 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      if (e.altKey) setOpen(false);
      else setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === "Home" && open) {
      e.preventDefault();
      setActive(0);
    } else if (e.key === "End" && open) {
      e.preventDefault();
      setActive(shown.length - 1);
    } else if (e.key === "Enter") {
      // Enter never submits the note from here: it chooses the active option or a whole typed code.
      e.preventDefault();
      if (open && active >= 0) choose(active);
      else takeTyped();
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };
}

/** The search box of the enhanced picker (an ARIA combobox); it has no name: the chips post the codes. */
function EwcSearchInput({
  id,
  invalid,
  describedBy,
  combobox,
}: {
  id: string;
  invalid: boolean;
  describedBy: string;
  combobox: EwcCombobox;
}) {
  const { query, setQuery, open, setOpen, active, setActive, full } = combobox;
  return (
    <input
      id={`${id}-input`}
      type="text"
      autoComplete="off"
      spellCheck={false}
      value={query}
      disabled={full}
      placeholder={
        full
          ? `At most ${MAX_CODES_PER_ITEM} codes for an item`
          : "Search by code or words, e.g. 17 01 07 or gypsum"
      }
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      aria-required
      role="combobox"
      aria-expanded={open}
      aria-controls={`${id}-list`}
      aria-autocomplete="list"
      aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
      onChange={(e) => {
        setQuery(e.target.value);
        setOpen(true);
        setActive(-1);
      }}
      onFocus={() => setOpen(true)}
      onBlur={() => {
        if (!combobox.takeTyped()) setQuery("");
        setOpen(false);
      }}
      onKeyDown={comboboxKeyDown(combobox)}
      className={inputClass}
    />
  );
}

const inputClass =
  "block h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 placeholder:font-sans placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none disabled:bg-slate-50 aria-[invalid=true]:border-red-600";

/** An item's EWC codes: a plain text input without JavaScript, chips and a searchable combobox with it. */
export function EwcPicker({
  name,
  defaultCodes,
  errors,
}: {
  /** The form name of the codes, e.g. `items[0].ewcCodes`. */
  name: string;
  defaultCodes?: string[];
  errors?: string[];
}) {
  const id = useId();
  const hydrated = useHydrated();
  const combobox = useEwcCombobox(defaultCodes ?? []);
  const { list, chapter, setChapter, open, setOpen, setActive, hazardous, codes } = combobox;
  const describedBy = [`${id}-hint`, errors?.length ? `${id}-error` : null, hazardous ? `${id}-hazard` : null]
    .filter(Boolean)
    .join(" ");
  const enhanced = hydrated && list !== null;
  const invalid = !!errors?.length;

  return (
    <div>
      <Label htmlFor={`${id}-input`}>
        EWC codes <span className="text-red-700">*</span>
      </Label>
      {enhanced ? (
        <>
          <EwcChips codes={codes} option={combobox.option} onRemove={combobox.remove} name={name} />
          <EwcChapterFilter
            chapters={list.chapters}
            chapter={chapter}
            onChange={(c) => {
              setChapter(c);
              setActive(-1);
              setOpen(true);
            }}
            onClear={() => {
              setChapter("");
              setActive(-1);
            }}
          />
          <div className="relative">
            <EwcSearchInput id={id} invalid={invalid} describedBy={describedBy} combobox={combobox} />
            {open ? (
              <EwcOptionList
                id={id}
                listId={`${id}-list`}
                listRef={combobox.listRef}
                shown={combobox.shown}
                matchCount={combobox.matches.length}
                tooMany={combobox.tooMany}
                active={combobox.active}
                setActive={setActive}
                choose={combobox.choose}
              />
            ) : null}
          </div>
        </>
      ) : (
        <input
          id={`${id}-input`}
          name={name}
          type="text"
          autoComplete="off"
          spellCheck={false}
          defaultValue={codes.join(", ")}
          onChange={(e) => combobox.setCodes(splitTyped(e.target.value))}
          placeholder="e.g. 17 01 07"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          aria-required
          className={cn(inputClass)}
        />
      )}
      <EwcHint id={`${id}-hint`} enhanced={enhanced} chosen={codes.length} loadError={combobox.loadError} />
      <FieldError id={`${id}-error`} errors={errors} />
      {hazardous ? <EwcHazardAlert id={`${id}-hazard`} /> : null}
    </div>
  );
}
