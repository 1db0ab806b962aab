/**
 * /register: Register My Business, the claim finder. Two tabs (by registration number, by
 * business name), each a GET form, so the page works without JavaScript and every result has a URL.
 */
import { BadgeCheck, Building2, CircleAlert, Clock, Hash, Search } from "lucide-react";
import { useState } from "react";
import { data, Link } from "react-router";
import { ClaimHeader } from "~/components/claims/claim-ui";
import { RegisterSearchForm } from "~/components/claims/register-search-form";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { LinkTabs } from "~/components/ui/tabs";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import {
  CLAIM_TEXT,
  PREMIUM_PRICE,
  PREMIUM_YEARLY_SAVING,
  STANDARD_NOTES_PER_MONTH,
} from "~/modules/claims/constants";
import {
  findBusinessesByName,
  findClaimTarget,
  type BusinessMatch,
  type ClaimTargetResult,
} from "~/modules/claims/find-claim-target.server";
import { getApp } from "~/web/context";
import type { Route } from "./+types/register";
import { formatDate } from "~/platform/dates";
import { canonicalUrl, pageMeta } from "~/web/meta";

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Register My Business",
    description:
      "Claim your free listing in the UK Waste Carrier Directory: find your business by registration number or name.",
    canonical: loaderData?.canonical,
  });
}

type NumberCheck = { value: string; error: string | null; result: ClaimTargetResult | null };
type NameSearch = { value: string; error: string | null; matches: BusinessMatch[] | null };

export async function loader({ context, url }: Route.LoaderArgs) {
  const app = getApp(context);
  const tab = url.searchParams.get("tab") === "name" ? "name" : "number";
  const rawNumber = url.searchParams.get("number");
  const rawName = url.searchParams.get("name");
  let toast: ToastMessage | null = null;
  let numberCheck: NumberCheck | null = null;
  let nameSearch: NameSearch | null = null;
  let status = 200;
  if (tab === "number" && rawNumber !== null) {
    const value = rawNumber.trim().slice(0, 60);
    numberCheck = { value, error: value ? null : CLAIM_TEXT.enterNumber, result: null };
    if (value) {
      try {
        numberCheck.result = await findClaimTarget(app.db, value);
      } catch (error) {
        app.log.error({ err: error }, "claim finder: number check failed");
        toast = { title: "Error", description: CLAIM_TEXT.checkFailed, variant: "destructive" };
        status = 500;
      }
    }
  }
  if (tab === "name" && rawName !== null) {
    const value = rawName.replace(/\s+/g, " ").trim().slice(0, 100);
    nameSearch = { value, error: value ? null : CLAIM_TEXT.enterName, matches: null };
    if (value) {
      try {
        nameSearch.matches = await findBusinessesByName(app.db, value);
      } catch (error) {
        app.log.error({ err: error }, "claim finder: name search failed");
        toast = { title: "Error", description: CLAIM_TEXT.searchFailed, variant: "destructive" };
        status = 500;
      }
    }
  }
  const canonical = canonicalUrl(context, "/register");
  return data({ tab, numberCheck, nameSearch, toast, canonical } as const, { status });
}

export default function Register({ loaderData }: Route.ComponentProps) {
  const { tab, numberCheck, nameSearch, toast } = loaderData;
  useToastOnce(toast);
  return (
    <main>
      <ClaimHeader
        eyebrow="For waste carriers"
        title="Register My Business"
        lead="Your business is probably already listed from the public register. Find it, claim it for free, and add your contact details, services and areas so customers can reach you."
      />
      <div className="mx-auto grid max-w-4xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[1fr_18rem]">
        <section aria-labelledby="finder-title">
          <Card>
            <CardContent className="p-5 sm:p-6">
              <h2 id="finder-title" className="text-xl font-semibold text-slate-900">
                Find your business
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                Search by your waste carrier registration number, or by your business name.
              </p>
              <LinkTabs
                label="Find your business by"
                className="mt-4"
                items={[
                  { label: "Registration Number", to: "/register", selected: tab === "number" },
                  { label: "Business Name", to: "/register?tab=name", selected: tab === "name" },
                ]}
              />
              <div className="pt-5">
                {tab === "number" ? <NumberTab check={numberCheck} /> : <NameTab search={nameSearch} />}
              </div>
            </CardContent>
          </Card>
        </section>
        <aside aria-labelledby="why-title" className="space-y-4">
          <h2 id="why-title" className="text-lg font-semibold text-slate-900">
            Why claim your listing?
          </h2>
          <ul className="space-y-3 text-sm text-slate-700">
            <li className="flex gap-2">
              <BadgeCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" /> A verified badge
              and your own contact details on your profile.
            </li>
            <li className="flex gap-2">
              <Building2 aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" /> Show your services
              and the areas you cover.
            </li>
            <li className="flex gap-2">
              <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" /> {CLAIM_TEXT.reviewTime}
            </li>
          </ul>
          <div className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
            <p className="font-semibold text-slate-900">Plans</p>
            <p className="mt-2 text-slate-700">
              <strong>Standard</strong>: free, {STANDARD_NOTES_PER_MONTH} waste transfer notes a month.
            </p>
            <p className="mt-1 text-slate-700">
              <strong>Premium</strong>: {PREMIUM_PRICE.monthly} monthly or {PREMIUM_PRICE.yearly} yearly (
              {PREMIUM_YEARLY_SAVING}), unlimited notes, reviews and quote requests.
            </p>
          </div>
        </aside>
      </div>
    </main>
  );
}

function NumberTab({ check }: { check: NumberCheck | null }) {
  const searched = check?.value ?? "";
  const [value, setValue] = useState(searched);
  // The results belong to the number that was checked: typing something else clears them.
  const showResult = check && value.trim() === searched;
  return (
    <>
      <RegisterSearchForm
        field={{
          name: "number",
          label: "Registration number",
          placeholder: "e.g. CBDU123456",
          autoComplete: "off",
          spellCheck: false,
          maxLength: 60,
        }}
        value={value}
        onChange={setValue}
        error={showResult ? check.error : null}
        hint="It is on your Environment Agency registration, and usually starts with CBDU or CBDL."
        button={
          <>
            <Hash aria-hidden className="size-4" /> Check Number
          </>
        }
      />
      {showResult && check.result ? (
        <div className="mt-5" aria-live="polite">
          <NumberOutcome result={check.result} />
        </div>
      ) : null}
    </>
  );
}

function NumberOutcome({ result }: { result: ClaimTargetResult }) {
  switch (result.status) {
    case "claimable":
      return (
        <Alert tone="success" title={CLAIM_TEXT.numberValid}>
          <p className="mt-1">
            <strong>{result.business.businessName}</strong> · {result.business.registrationNumber}
            {result.business.town ? ` · ${result.business.town}` : ""}
          </p>
          <Button asChild className="mt-3">
            <Link to={`/claim-listing/${encodeURIComponent(result.business.registrationNumber)}`}>
              Claim This Listing
            </Link>
          </Button>
        </Alert>
      );
    case "claimed":
      return (
        <Alert tone="warning" title={CLAIM_TEXT.alreadyClaimed}>
          <p className="mt-1">
            {result.business.businessName} · {result.business.registrationNumber}. If you run this business
            and did not claim it,{" "}
            <Link to="/contact" className="font-medium underline">
              contact support
            </Link>
            .
          </p>
        </Alert>
      );
    case "pending":
      return (
        <Alert tone="warning" title={result.business.businessName}>
          {CLAIM_TEXT.pendingClaim}
        </Alert>
      );
    case "expired":
      return (
        <Alert tone="warning" title={CLAIM_TEXT.expiredTitle}>
          <p className="mt-1">
            {result.business.businessName} · {result.business.registrationNumber}.{" "}
            {CLAIM_TEXT.expired(formatDate(result.since))}
          </p>
        </Alert>
      );
    case "removed":
      return (
        <Alert tone="warning" title={CLAIM_TEXT.removedTitle}>
          <p className="mt-1">
            {result.business.businessName} · {result.business.registrationNumber}. {CLAIM_TEXT.removed}
          </p>
        </Alert>
      );
    default:
      return (
        <Alert tone="error" title={CLAIM_TEXT.numberNotFound}>
          {CLAIM_TEXT.numberNotFoundAdvice}{" "}
          <Link to="/register?tab=name" className="font-medium underline">
            Search by business name
          </Link>
        </Alert>
      );
  }
}

function NameMatches({ matches }: { matches: BusinessMatch[] }) {
  return (
    <>
      <p className="text-sm text-slate-600">
        {matches.length === 1 ? "1 business found" : `${matches.length} businesses found`}
        {matches.length >= 20 ? " (the first 20: add more of the name to narrow it down)" : ""}. Pick yours:
      </p>
      <ul
        className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200"
        aria-label="Matching businesses"
      >
        {matches.map((m) => (
          <li key={m.registrationNumber} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">{m.businessName}</p>
              <p className="text-sm text-slate-600">
                {m.registrationNumber}
                {[m.town, m.postcode].filter(Boolean).length
                  ? ` · ${[m.town, m.postcode].filter(Boolean).join(", ")}`
                  : ""}
              </p>
            </div>
            {m.claimed ? (
              <Badge tone="slate">Already claimed</Badge>
            ) : m.pending ? (
              <Badge tone="amber">Claim pending</Badge>
            ) : m.expired ? (
              <Badge tone="red">Registration expired</Badge>
            ) : (
              <Button asChild size="sm">
                <Link
                  to={`/claim-listing/${encodeURIComponent(m.registrationNumber)}`}
                  aria-label={`Claim ${m.businessName}`}
                >
                  Claim
                </Link>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function NameTab({ search }: { search: NameSearch | null }) {
  const searched = search?.value ?? "";
  const [value, setValue] = useState(searched);
  const showResult = search && value.replace(/\s+/g, " ").trim() === searched;
  return (
    <>
      <RegisterSearchForm
        tab="name"
        field={{
          name: "name",
          label: "Business name",
          placeholder: "e.g. Green Skips Ltd",
          autoComplete: "organization",
          maxLength: 100,
        }}
        value={value}
        onChange={setValue}
        error={showResult ? search.error : null}
        button={
          <>
            <Search aria-hidden className="size-4" /> Search
          </>
        }
      />
      {showResult && search.matches ? (
        <div className="mt-5" aria-live="polite">
          {search.matches.length === 0 ? (
            <Alert tone="info" title={`No businesses found matching "${search.value}"`}>
              Check the spelling, try fewer words, or search by registration number instead.
            </Alert>
          ) : (
            <NameMatches matches={search.matches} />
          )}
        </div>
      ) : null}
      {!showResult || !search?.matches ? (
        <p className="mt-4 flex items-start gap-2 text-sm text-slate-600">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" /> Names come from the public register,
          so they may be in capitals or include “Ltd”.
        </p>
      ) : null}
    </>
  );
}
