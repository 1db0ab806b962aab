/** /company/upgrade: what Standard and Premium include, side by side. */
import { CheckCircle2 } from "lucide-react";
import { PlanFeature } from "~/components/plans/choice-card";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { PREMIUM_PRICE } from "~/modules/claims/constants";

function Feature({ children }: { children: React.ReactNode }) {
  return (
    <PlanFeature icon={CheckCircle2} iconClassName="text-brand-700">
      {children}
    </PlanFeature>
  );
}

export function PlanComparison() {
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-2">
      <Card>
        <CardHeader className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <CardTitle>Standard</CardTitle>
          <span className="font-bold">Free</span>
        </CardHeader>
        <CardContent>
          <ul className="space-y-1.5 text-sm text-slate-700">
            <Feature>Verified listing with your contact details</Feature>
            <Feature>Services and areas covered on your profile</Feature>
            <Feature>20 waste transfer notes per calendar month</Feature>
          </ul>
        </CardContent>
      </Card>
      <Card className="border-purple-200">
        <CardHeader className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <CardTitle>Premium</CardTitle>
          <span className="text-sm">
            <strong className="text-base">{PREMIUM_PRICE.monthly}</strong> a month or{" "}
            <strong className="text-base">{PREMIUM_PRICE.yearly}</strong> a year
          </span>
        </CardHeader>
        <CardContent>
          <ul className="space-y-1.5 text-sm text-slate-700">
            <Feature>Everything in Standard</Feature>
            <Feature>Unlimited waste transfer notes</Feature>
            <Feature>Featured placement in search results</Feature>
            <Feature>Customer reviews and quote requests on your profile</Feature>
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
