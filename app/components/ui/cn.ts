import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names, skipping falsy ones. No class may contradict another of the same kind (two
 * paddings, two text colours): which one won would depend on the stylesheet's order, not on the
 * call's. A component gives its callers a prop or a variant instead (decision 0223).
 *
 * Development (the Vite dev server, vitest) and the e2e server (CN_CHECK=1) check every call with
 * tailwind-merge and throw on a conflict; a production bundle carries none of it (8.5 kB gzip on
 * every page, and its work on every server render).
 */
export function cn(...classes: ClassValue[]): string {
  const joined = clsx(classes);
  if (import.meta.env.DEV || (import.meta.env.SSR && CHECK_ON_SERVER)) assertNoConflict(joined);
  return joined;
}

const CHECK_ON_SERVER = import.meta.env.SSR && process.env.CN_CHECK === "1";

/** Throws when tailwind-merge would drop a class of `joined` for a later one of the same kind. */
export function assertNoConflict(joined: string): void {
  const merged = twMerge(joined);
  if (merged === joined) return;
  const kept = new Set(merged.split(" "));
  const dropped = joined.split(/\s+/).filter((c) => c && !kept.has(c));
  if (dropped.length)
    throw new Error(
      `Conflicting classes: ${dropped.join(", ")} and a later class of the same kind in "${joined}". ` +
        "Give the component a prop or a variant instead of overriding its classes.",
    );
}
