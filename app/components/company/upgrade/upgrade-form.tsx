/**
 * /company/upgrade: Ask for Premium. The billing period (monthly or yearly) and an optional
 * message; nothing is charged here.
 */
import { Crown } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { PeriodFieldset } from "~/components/plans/choice-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, Textarea } from "~/components/ui/form";
import type { Period } from "~/modules/plans/plan-state";

/** What the action answers when the request was not recorded. */
export interface UpgradeFormReply {
  errors?: { period?: string; message?: string };
  formError?: string;
  values?: { period?: string; message?: string };
}

const choice =
  "flex cursor-pointer flex-col rounded-lg border border-slate-200 p-4 has-[:checked]:border-brand-600 has-[:checked]:ring-1 has-[:checked]:ring-brand-600";

function MessageField({ message, error }: { message: string; error: string | undefined }) {
  return (
    <div>
      <label htmlFor="upgrade-message" className="mb-1 block text-sm font-medium text-slate-800">
        Anything we should know? (optional)
      </label>
      <Textarea
        id="upgrade-message"
        name="message"
        rows={3}
        maxLength={1000}
        defaultValue={message}
        aria-describedby={error ? "upgrade-message-error" : undefined}
      />
      <FieldError id="upgrade-message-error" errors={error} />
    </div>
  );
}

export function UpgradeForm({
  planPeriod,
  reply,
}: {
  planPeriod: Period;
  reply: UpgradeFormReply | undefined;
}) {
  const navigation = useNavigation();
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Ask for Premium</CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" className="space-y-5" noValidate>
          {reply?.formError ? <Alert tone="error">{reply.formError}</Alert> : null}
          <PeriodFieldset
            period={reply?.values?.period ?? planPeriod}
            error={reply?.errors?.period}
            cardClassName={choice}
          />
          <MessageField message={reply?.values?.message ?? ""} error={reply?.errors?.message} />
          <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-600">
            Nothing is charged now. We contact you within 1 to 2 business days about payment, then switch your
            listing to Premium and e-mail you.
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button asChild variant="outline">
              <Link to="/company">Back to dashboard</Link>
            </Button>
            <Button type="submit" disabled={navigation.state === "submitting"}>
              <Crown aria-hidden className="size-4" />{" "}
              {navigation.state === "submitting" ? "Sending…" : "Request Premium"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
