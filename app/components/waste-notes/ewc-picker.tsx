/**
 * EWC code field. Without JavaScript: a text input (the server checks the code). With it: an ARIA
 * combobox over /EWCCodes.csv, searchable by code or words, filtered by two-digit chapter, at most
 * 75 entries while the search is empty, and a hazardous-code warning.
 */
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { FieldError, Label } from "~/components/ui/form";
import { cn } from "~/components/ui/cn";
import { EMPTY_SEARCH_LIMIT, filterEwc, findOption, parseEwcList, type EwcList } from "./ewc-list";
import { EwcChapterFilter, EwcHazardAlert, EwcHint, EwcOptionList } from "./ewc-picker-parts";
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

/** The combobox state: the loaded list, typed value, search, chapter, open state and active option. */
function useEwcCombobox(defaultValue: string | undefined) {
  const [list, setList] = useState<EwcList | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [value, setValue] = useState(defaultValue ?? "");
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
  const selected = list ? findOption(list.codes, value) : undefined;
  const hazardous = selected ? selected.hazardous : /\*\s*$/.test(value);

  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const choose = (index: number) => {
    const option = shown[index];
    if (!option) return;
    setValue(option.code);
    setQuery("");
    setOpen(false);
    setActive(-1);
  };

  return {
    list,
    loadError,
    value,
    setValue,
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
    selected,
    hazardous,
    choose,
  };
}

type EwcCombobox = ReturnType<typeof useEwcCombobox>;

/** Keyboard handling of the combobox input (arrows, Home/End, Enter to choose, Escape to close). */
function comboboxKeyDown({ open, setOpen, active, setActive, shown, choose }: EwcCombobox) {
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
    } else if (e.key === "Enter" && open && active >= 0) {
      e.preventDefault();
      choose(active);
    } else if (e.key === "Escape") {
      if (open) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  };
}

/** The code input: plain text without JavaScript, an ARIA combobox (search box) with it. */
function EwcInput({
  id,
  enhanced,
  invalid,
  describedBy,
  combobox,
}: {
  id: string;
  enhanced: boolean;
  invalid: boolean;
  describedBy: string;
  combobox: EwcCombobox;
}) {
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const { value, setValue, query, setQuery, open, setOpen, active, setActive } = combobox;
  return (
    <input
      id={inputId}
      name="ewcCode"
      type="text"
      autoComplete="off"
      spellCheck={false}
      value={open ? query || value : value}
      placeholder={enhanced ? "Search by code or words, e.g. 17 01 07 or gypsum" : "e.g. 17 01 07"}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      aria-required
      {...(enhanced
        ? {
            role: "combobox",
            "aria-expanded": open,
            "aria-controls": listId,
            "aria-autocomplete": "list" as const,
            "aria-activedescendant": open && active >= 0 ? `${id}-opt-${active}` : undefined,
          }
        : {})}
      onChange={(e) => {
        const v = e.target.value;
        if (enhanced) {
          setQuery(v);
          setOpen(true);
          setActive(-1);
        }
        setValue(v);
      }}
      onFocus={() => enhanced && setOpen(true)}
      onBlur={() => {
        setOpen(false);
        setQuery("");
      }}
      onKeyDown={enhanced ? comboboxKeyDown(combobox) : undefined}
      className={cn(
        "block h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 placeholder:font-sans placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600",
      )}
    />
  );
}

/** The EWC code field: a plain text input without JavaScript, a searchable combobox with it. */
export function EwcPicker({ defaultValue, errors }: { defaultValue?: string; errors?: string[] }) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const hydrated = useHydrated();
  const combobox = useEwcCombobox(defaultValue);
  const { list, chapter, setChapter, open, setOpen, active, setActive, hazardous } = combobox;

  const describedBy = [`${id}-hint`, errors?.length ? `${id}-error` : null, hazardous ? `${id}-hazard` : null]
    .filter(Boolean)
    .join(" ");
  const enhanced = hydrated && list !== null;

  return (
    <div>
      <Label htmlFor={inputId}>
        EWC code <span className="text-red-700">*</span>
      </Label>
      {enhanced ? (
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
      ) : null}
      <div className="relative">
        <EwcInput
          id={id}
          enhanced={enhanced}
          invalid={!!errors?.length}
          describedBy={describedBy}
          combobox={combobox}
        />
        {enhanced && open ? (
          <EwcOptionList
            id={id}
            listId={listId}
            listRef={combobox.listRef}
            shown={combobox.shown}
            matchCount={combobox.matches.length}
            tooMany={combobox.tooMany}
            active={active}
            setActive={setActive}
            choose={combobox.choose}
          />
        ) : null}
      </div>
      <EwcHint id={`${id}-hint`} selected={combobox.selected} loadError={combobox.loadError} />
      <FieldError id={`${id}-error`} errors={errors} />
      {hazardous ? <EwcHazardAlert id={`${id}-hazard`} /> : null}
    </div>
  );
}
