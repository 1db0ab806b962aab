/**
 * Why this company cannot write waste notes now (pending claim, suspended listing, expired or
 * removed registration, monthly limit), with what to do next. Shown instead of the form; the
 * server refuses the same way (app/modules/waste-notes/note-rules.ts). On a note's page
 * (`navigation={false}`) it says why the owner's actions there are held back (decision 0253).
 */
import { Link } from "react-router";
import { Crown, ExternalLink, Hourglass, ShieldAlert } from "lucide-react";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import type { NoteRefusal } from "~/modules/waste-notes/note-rules";

const ICONS = { pending: Hourglass, plan_limit: Crown } as const;

export function NoteRefusalNotice({
  refusal,
  className,
  navigation = true,
}: {
  refusal: NoteRefusal;
  className?: string;
  /** The links to the past notes and the dashboard (not on a note's own page). */
  navigation?: boolean;
}) {
  const Icon = ICONS[refusal.reason as keyof typeof ICONS] ?? ShieldAlert;
  const serious =
    refusal.reason === "expired" || refusal.reason === "removed" || refusal.reason === "suspended";
  return (
    <Card
      className={cn(serious ? "border-red-200" : "border-amber-300", className)}
      data-testid="note-refusal"
    >
      <CardContent className="flex flex-col gap-4 py-6 sm:flex-row sm:items-start">
        <span
          className={cn(
            "flex size-11 shrink-0 items-center justify-center rounded-full",
            serious ? "bg-red-50 text-red-700" : "bg-amber-50 text-amber-800",
          )}
        >
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 space-y-3">
          <h2 className="text-lg font-semibold text-slate-900">{refusal.title}</h2>
          <p className="max-w-2xl text-sm text-slate-700" role={serious ? "alert" : "status"}>
            {refusal.message}
          </p>
          {refusal.detail ? <p className="max-w-2xl text-sm text-slate-600">{refusal.detail}</p> : null}
          {refusal.link || navigation ? (
            <div className="flex flex-wrap gap-2">
              {refusal.link ? (
                refusal.link.external ? (
                  <a
                    href={refusal.link.href}
                    target="_blank"
                    rel="noreferrer"
                    className={buttonVariants({ variant: "primary", size: "md" })}
                  >
                    {refusal.link.label} <ExternalLink aria-hidden className="size-4" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                ) : (
                  <Button asChild>
                    <Link to={refusal.link.href}>
                      {refusal.reason === "plan_limit" ? <Crown aria-hidden className="size-4" /> : null}
                      {refusal.link.label}
                    </Link>
                  </Button>
                )
              ) : null}
              {navigation ? (
                <>
                  <Button asChild variant="outline">
                    <Link to="/company/waste-notes">Past Waste Notes</Link>
                  </Button>
                  <Button asChild variant="outline">
                    <Link to="/company">Dashboard</Link>
                  </Button>
                </>
              ) : null}
            </div>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
