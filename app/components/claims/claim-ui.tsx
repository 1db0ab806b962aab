/** Shared pieces of the claim journey's pages: the header band, the step indicator, problem cards. */
import { Check } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { PageTitle } from "~/components/layout/page-title";
import { Card, CardContent } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { WIZARD_STEPS } from "~/modules/claims/constants";

export function ClaimHeader({
  title,
  lead,
  eyebrow,
}: {
  title: string;
  lead?: React.ReactNode;
  eyebrow?: string;
}) {
  return (
    <div className="border-b border-brand-100 bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-4xl px-4 pt-8 pb-8 sm:px-6 sm:pt-10">
        <PageTitle eyebrow={eyebrow} title={title} />
        {lead ? (
          <div className="mt-3 max-w-2xl text-base leading-7 text-pretty text-slate-600 sm:text-lg">
            {lead}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** The wizard's four steps; `current` is 1-based (4 = Complete). */
export function StepIndicator({ current }: { current: number }) {
  return (
    <nav aria-label="Claim progress">
      <ol className="grid grid-cols-4 gap-2">
        {WIZARD_STEPS.map((label, i) => {
          const n = i + 1;
          const done = n < current || current === WIZARD_STEPS.length;
          const active = n === current;
          return (
            <li
              key={label}
              aria-current={active ? "step" : undefined}
              className="flex flex-col items-center gap-1 text-center sm:flex-row sm:gap-2 sm:text-left"
            >
              <span
                className={cn(
                  "flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold",
                  done
                    ? "border-brand-600 bg-brand-600 text-white"
                    : active
                      ? "border-brand-600 bg-white text-brand-700"
                      : "border-slate-300 bg-white text-slate-500",
                )}
              >
                {done ? <Check aria-hidden className="size-4" /> : n}
              </span>
              <span
                className={cn(
                  "text-xs font-semibold sm:text-sm",
                  active ? "text-slate-900" : "text-slate-600",
                )}
              >
                {label}
                {done && !active ? <span className="sr-only"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** A load error of the wizard (no number, unknown, claimed, pending, expired...) with the ways on. */
export function ClaimProblem({
  title,
  message,
  icon,
  registrationNumber,
  profile,
  children,
}: {
  title: string;
  message?: string;
  icon: React.ReactNode;
  registrationNumber?: string | null;
  profile?: boolean;
  /** More to say or do, under the message. */
  children?: React.ReactNode;
}) {
  return (
    <Card className="mx-auto max-w-xl">
      <CardContent className="py-10 text-center">
        <div
          className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-800"
          aria-hidden
        >
          {icon}
        </div>
        <h2 className="mt-4 text-xl font-semibold text-slate-900">{title}</h2>
        {message ? <p className="mt-2 text-sm text-slate-600">{message}</p> : null}
        {children}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {profile && registrationNumber ? (
            <Button asChild variant="outline">
              <Link to={`/provider/${encodeURIComponent(registrationNumber)}`}>View the listing</Link>
            </Button>
          ) : null}
          <Button asChild>
            <Link to="/register">Find your business</Link>
          </Button>
        </div>
        <p className="mt-4 text-sm text-slate-600">
          Need help?{" "}
          <Link to="/contact" className="font-medium text-brand-700 underline">
            Contact support
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
