/**
 * /company/upgrade: where the listing stands: already on Premium, or a request on its way (what
 * was asked, and what happens next).
 */
import { Mail } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { periodName, type Period } from "~/modules/plans/plan-state";
import { UPGRADE_TEXT } from "~/modules/plans/upgrade-text";
import { formatDate } from "~/platform/dates";

export function PremiumActive({ endDate }: { endDate: string | null }) {
  return (
    <Alert tone="success" title={UPGRADE_TEXT.alreadyPremium} className="mt-6">
      {endDate
        ? `Your Premium plan runs until ${formatDate(new Date(endDate))}.`
        : "Your Premium plan has no end date."}{" "}
      You can write as many waste notes as you need.
    </Alert>
  );
}

export function UpgradeRequestCard({
  request,
}: {
  request: { period: Period; createdAt: Date | string; message: string | null };
}) {
  return (
    <Card className="mt-6 border-purple-200" data-testid="upgrade-request">
      <CardHeader className="flex items-center gap-2">
        <Mail aria-hidden className="size-5 text-purple-700" />
        <CardTitle>Your request is with us</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-slate-700">
        <p>
          You asked for Premium ({periodName(request.period).toLowerCase()}) on{" "}
          <strong>{formatDate(new Date(request.createdAt))}</strong>. Nothing has been charged.
        </p>
        <h2 className="font-semibold text-slate-900">What happens next</h2>
        <ol className="list-decimal space-y-1 pl-5">
          <li>
            We contact you within 1 to 2 business days at the e-mail address of your account about payment.
          </li>
          <li>Once it is settled we switch your listing to Premium and e-mail you.</li>
          <li>
            From then on you can write as many waste notes as you need, and your listing is featured in search
            results.
          </li>
        </ol>
        {request.message ? (
          <p className="rounded-md bg-slate-50 p-3">
            <span className="font-medium">Your message:</span>{" "}
            <span className="whitespace-pre-line">{request.message}</span>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
