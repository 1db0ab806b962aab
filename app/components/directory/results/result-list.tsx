import { SearchXIcon } from "~/components/ui/icons/search-x";
import { RESULT_CARD_SERVICES } from "~/modules/directory/constants";
import type { CardProvider } from "~/modules/directory/provider";
import { inForce, ProviderCard } from "../provider-card";

type Grouped = Pick<CardProvider, "is_claimed" | "is_premium" | "expiry_date" | "registration_tier">;

/**
 * The spec's groups, for registrations in force; an expired one is in none of them, whatever its
 * listing, but in a group of its own after them (decision 0278).
 */
const GROUPS: {
  key: string;
  title: string;
  description: string;
  test: (p: Grouped) => boolean;
}[] = [
  {
    key: "featured",
    title: "Featured Providers",
    description: "Verified businesses on our Premium plan.",
    test: (p) => p.is_claimed && p.is_premium && inForce(p),
  },
  {
    key: "registered",
    title: "Registered Providers",
    description: "Businesses that have claimed and verified their listing.",
    test: (p) => p.is_claimed && !p.is_premium && inForce(p),
  },
  {
    key: "available",
    title: "Available Providers",
    description: "Licensed carriers from the public register that have not claimed their listing yet.",
    test: (p) => !p.is_claimed && inForce(p),
  },
  {
    key: "expired",
    title: "Expired Registrations",
    description:
      "Not licensed to carry waste until renewed: their registration with the Environment Agency has expired.",
    test: (p) => !inForce(p),
  },
];

/** The order the cards appear in: nearest first as one list, or the spec's groups. */
export function displayOrder<P extends Grouped>(providers: P[], byDistance: boolean): P[] {
  return byDistance ? providers : GROUPS.flatMap((g) => providers.filter(g.test));
}

export function NoResults() {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center">
      <SearchXIcon aria-hidden className="mx-auto h-10 w-10 text-slate-500" />
      <p className="mt-3 text-lg font-semibold text-slate-900">No providers found</p>
      <p className="mt-1 text-slate-600">Try adjusting your search terms</p>
    </div>
  );
}

/**
 * The result cards. Sorted by distance they are one list, nearest first, numbered like the map's
 * markers, each with its distance; otherwise grouped as the spec says (Featured, Registered,
 * Available), in that order, then the expired registrations (decision 0278).
 */
export function ResultList({
  providers,
  byDistance,
  firstNumber = 1,
}: {
  providers: (CardProvider & { distanceMiles?: number | null })[];
  byDistance: boolean;
  /** The first card's number (page 2 of ten starts at 11), as the map's markers say. */
  firstNumber?: number;
}) {
  if (providers.length === 0) return <NoResults />;
  if (byDistance)
    return (
      <ol start={firstNumber} className="grid gap-4 md:grid-cols-2" aria-label="Nearest carriers">
        {providers.map((p, i) => (
          <li key={p.registration_number}>
            <ProviderCard
              provider={p}
              maxServices={RESULT_CARD_SERVICES}
              number={firstNumber + i}
              distanceMiles={p.distanceMiles ?? null}
            />
          </li>
        ))}
      </ol>
    );
  return GROUPS.map((group) => {
    const items = providers.filter(group.test);
    if (!items.length) return null;
    return (
      <section key={group.key} aria-labelledby={`group-${group.key}`}>
        <h2 id={`group-${group.key}`} className="text-lg font-semibold text-slate-900">
          {group.title}
        </h2>
        <p className="text-sm text-slate-600">{group.description}</p>
        <ul className="mt-3 grid gap-4 md:grid-cols-2">
          {items.map((p) => (
            <li key={p.registration_number}>
              <ProviderCard provider={p} maxServices={RESULT_CARD_SERVICES} distanceMiles={p.distanceMiles} />
            </li>
          ))}
        </ul>
      </section>
    );
  });
}
