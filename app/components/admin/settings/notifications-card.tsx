/** Admin Settings: which events the signed-in admin is e-mailed about (decision 0803). */
import { Bell } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { NotificationSettings } from "~/modules/admin-notifications/notification-settings.server";

const CHOICES: { name: keyof NotificationSettings; label: string; hint: string }[] = [
  { name: "claims", label: "New claim requests", hint: "A business asks to claim its listing." },
  { name: "reports", label: "Carrier reports", hint: "A visitor reports a carrier." },
  { name: "messages", label: "Contact messages", hint: "A message from the contact page." },
];

export function NotificationsCard({
  settings,
  me,
  saving,
}: {
  settings: NotificationSettings | null;
  me: string;
  saving: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bell aria-hidden className="h-5 w-5 text-brand-700" />
          Notifications
        </CardTitle>
      </CardHeader>
      <CardContent>
        {settings ? (
          <Form method="post" className="space-y-4">
            <fieldset className="space-y-3">
              <legend className="text-sm text-slate-700">
                E-mail <span className="font-semibold text-slate-900">{me}</span> when there is something new.
                Several within two minutes come as one e-mail.
              </legend>
              {CHOICES.map((c) => (
                <label key={c.name} className="flex items-start gap-3 text-sm">
                  <input
                    type="checkbox"
                    name={c.name}
                    value="on"
                    defaultChecked={settings[c.name]}
                    className="mt-0.5 h-5 w-5 rounded border-slate-300 accent-brand-600"
                  />
                  <span>
                    <span className="block font-semibold text-slate-900">{c.label}</span>
                    <span className="block text-slate-600">{c.hint}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <Button type="submit" name="intent" value="notifications" disabled={saving}>
              {saving ? "Saving…" : "Save notification settings"}
            </Button>
          </Form>
        ) : (
          <p className="text-sm text-slate-700">
            Your address is not on the administrators' list, so there is nothing to send you.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
