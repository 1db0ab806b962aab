/** The Admin Settings screen's administrators: the list (resend an invitation, remove) and Add. */
import { Mail, RotateCw, Trash2, UserPlus } from "lucide-react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, Input } from "~/components/ui/form";
import type { AdminEmailRow } from "~/modules/admin/admin-emails.server";
import { formatDate, formatDateTime } from "~/platform/dates";

export function AdministratorsCard({
  admins,
  me,
  busy,
  addError,
  addValue,
}: {
  admins: AdminEmailRow[];
  /** The signed-in admin's address (normalised). */
  me: string;
  /** Whether a form with this intent is being sent. */
  busy: (intent: string) => boolean;
  /** Why the last address was refused, and what was typed. */
  addError: string | null;
  addValue: string;
}) {
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Administrators</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100" aria-label="Administrator e-mail addresses">
          {admins.map((a) => (
            <AdminRow
              key={a.email}
              admin={a}
              me={me}
              removable={a.email !== me && admins.length > 1}
              resending={busy("resend-invite")}
            />
          ))}
        </ul>
        {/* Keyed by the list, so the field is emptied once an address has been added. */}
        <Form
          method="post"
          className="mt-4 flex flex-wrap items-end gap-3"
          noValidate
          key={admins.map((a) => a.email).join(",")}
        >
          <input type="hidden" name="intent" value="add-admin" />
          <Field label="Add an administrator by e-mail" errors={addError} className="min-w-64 flex-1">
            {(props) => (
              <Input {...props} name="email" type="email" autoComplete="off" defaultValue={addValue} />
            )}
          </Field>
          <Button type="submit" disabled={busy("add-admin")}>
            <UserPlus aria-hidden className="h-4 w-4" /> Add administrator
          </Button>
        </Form>
        <p className="mt-2 text-xs text-slate-600">
          We e-mail them: an invitation to set a password if they have no account yet (the link works for 7
          days, and you can send it again), or a note that they are now an administrator. You cannot remove
          yourself or the last administrator.
        </p>
      </CardContent>
    </Card>
  );
}

function AdminRow({
  admin: a,
  me,
  removable,
  resending,
}: {
  admin: AdminEmailRow;
  me: string;
  removable: boolean;
  resending: boolean;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="admin-email">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium break-all text-slate-900">
          <Mail aria-hidden className="h-4 w-4 text-slate-500" />
          {a.email}
          {a.email === me ? <Badge tone="blue">You</Badge> : null}
          {a.state === "invited" ? (
            <Badge tone="amber">Invited</Badge>
          ) : a.state === "no-account" ? (
            <Badge tone="slate">No account yet</Badge>
          ) : null}
        </p>
        <p className="text-xs text-slate-600">
          Added {formatDateTime(a.createdAt, "short")}
          <InvitationNote admin={a} />
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {a.state !== "active" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="resend-invite" />
            <input type="hidden" name="email" value={a.email} />
            <Button
              type="submit"
              size="sm"
              variant="outline"
              aria-label={`Resend invitation to ${a.email}`}
              disabled={resending}
            >
              <RotateCw aria-hidden className="h-4 w-4" />{" "}
              {a.invitation ? "Resend invitation" : "Send invitation"}
            </Button>
          </Form>
        ) : null}
        {removable ? (
          <Form method="post">
            <input type="hidden" name="intent" value="remove-admin" />
            <input type="hidden" name="email" value={a.email} />
            <Button type="submit" size="sm" variant="outline" aria-label={`Remove ${a.email}`}>
              <Trash2 aria-hidden className="h-4 w-4" /> Remove
            </Button>
          </Form>
        ) : null}
      </div>
    </li>
  );
}

/** ' · Invitation sent 3 Dec, link works until 10 Dec' (or that it expired, or was never sent). */
function InvitationNote({ admin }: { admin: AdminEmailRow }) {
  if (admin.state === "active") return null;
  const inv = admin.invitation;
  if (!inv) return <> · No invitation sent yet</>;
  return (
    <>
      {" "}
      · Invitation sent {formatDateTime(inv.sentAt, "short")}
      {inv.usable
        ? `, link works until ${formatDate(inv.expiresAt, "short")}`
        : ", link expired or replaced: send a new one"}
    </>
  );
}
