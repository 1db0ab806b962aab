import { Building2Icon } from "~/components/ui/icons/building-2";
import { FileCheck2Icon } from "~/components/ui/icons/file-check-2";
import { MapPinIcon } from "~/components/ui/icons/map-pin";
import { SearchIcon } from "~/components/ui/icons/search";
import { useState } from "react";
import { Form } from "react-router";
import { cn } from "~/components/ui/cn";
import { SEARCH_TYPE_LABELS, type SearchType } from "~/modules/directory/constants";
import { UseMyLocation } from "./use-my-location";

const HOME_MODES: { type: SearchType; label: string; placeholder: string; icon: typeof MapPinIcon }[] = [
  {
    type: "location",
    label: "Location",
    placeholder: "Town, city or postcode, e.g. Leeds or LS1",
    icon: MapPinIcon,
  },
  {
    type: "name",
    label: "Business Name",
    placeholder: "Business name, e.g. Smith Skip Hire",
    icon: Building2Icon,
  },
  {
    type: "registration",
    label: "License No.",
    placeholder: "Registration number, e.g. CBDU123456",
    icon: FileCheck2Icon,
  },
];

/**
 * The home page's hero search: three modes as a radio group (works without JavaScript), one
 * text box. A blank box is ignored: the browser will not submit it and the server treats
 * blank as no query.
 */
export function HeroSearch() {
  const [mode, setMode] = useState<SearchType>("location");
  const current = HOME_MODES.find((m) => m.type === mode) ?? HOME_MODES[0];
  return (
    <Form
      method="get"
      action="/search-results"
      className="rounded-2xl bg-white p-3 shadow-xl ring-1 ring-slate-900/5 sm:p-4"
    >
      <fieldset>
        <legend className="sr-only">Search by</legend>
        <div className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
          {HOME_MODES.map((m) => (
            <label
              key={m.type}
              className={cn(
                "flex flex-1 cursor-pointer items-center justify-center gap-1.5 rounded-md px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600",
                mode === m.type ? "bg-white text-brand-700 shadow-sm" : "text-slate-700 hover:text-slate-900",
              )}
            >
              <input
                type="radio"
                name="type"
                value={m.type}
                checked={mode === m.type}
                onChange={() => setMode(m.type)}
                className="sr-only"
              />
              <m.icon aria-hidden className="h-4 w-4" />
              {m.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="hero-query" className="sr-only">
          {current.label}
        </label>
        <input
          id="hero-query"
          name="query"
          type="search"
          required
          pattern=".*\S.*"
          maxLength={100}
          title="Type something to search for"
          placeholder={current.placeholder}
          className="h-12 w-full rounded-lg border border-slate-300 px-4 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:flex-1"
        />
        <button
          type="submit"
          className="inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-brand-600 px-6 text-base font-semibold text-white hover:bg-brand-700"
        >
          <SearchIcon aria-hidden className="h-5 w-5" />
          Search
        </button>
      </div>
      {mode === "location" ? <UseMyLocation tone="light" className="mt-2 sm:max-w-xs" /> : null}
    </Form>
  );
}

/**
 * The results page's search box: type select plus text; a new search starts at page 1. On a
 * phone it takes two rows (type and text; Search and "Use my location"), so the results start
 * on the first screen.
 */
export function ResultsSearch({ query, type }: { query: string; type: SearchType }) {
  return (
    <Form
      method="get"
      action="/search-results"
      className="grid grid-cols-[8.5rem_1fr] gap-2 sm:flex sm:flex-row sm:flex-wrap"
      role="search"
    >
      <div className="sm:w-48">
        <label htmlFor="results-type" className="sr-only">
          Search type
        </label>
        <select
          id="results-type"
          name="type"
          defaultValue={type}
          className="h-12 w-full rounded-lg border border-white/20 bg-white px-3 text-sm font-medium text-slate-900 focus:ring-2 focus:ring-white focus:outline-none"
        >
          {(Object.keys(SEARCH_TYPE_LABELS) as SearchType[]).map((t) => (
            <option key={t} value={t}>
              {SEARCH_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <label htmlFor="results-query" className="sr-only">
        Search the directory
      </label>
      <input
        id="results-query"
        name="query"
        type="search"
        defaultValue={query}
        required
        pattern=".*\S.*"
        maxLength={100}
        title="Type something to search for"
        placeholder="Location, business name or registration number"
        className="h-12 w-full min-w-0 rounded-lg border border-white/20 bg-white px-4 text-base text-slate-900 placeholder:text-slate-500 focus:ring-2 focus:ring-white focus:outline-none sm:flex-1"
      />
      <button
        type="submit"
        className="inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-slate-900 px-6 text-base font-semibold text-white hover:bg-slate-800 focus-visible:outline-white"
      >
        <SearchIcon aria-hidden className="h-5 w-5" />
        Search
      </button>
      <UseMyLocation className="sm:w-auto" />
    </Form>
  );
}
