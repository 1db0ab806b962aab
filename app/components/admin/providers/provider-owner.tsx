/**
 * A provider's page: the owner's account and Change owner (decision 0805). The new address gets
 * the listing at once (an invitation to set a password when its account is not in use yet); the
 * previous owner loses the company area at once. The form says what happens to the listing's
 * contact e-mail, where customers' enquiries go (decision 0263).
 */
import { Form } from "react-router";
import { DetailList } from "~/components/admin/detail-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, Input } from "~/components/ui/form";
import type { ProviderOwner } from "~/modules/providers/get-provider-detail.server";
import { ownerChangeContactText } from "~/modules/providers/owner-contact";
import { formatDate, formatDateTime } from "~/platform/dates";

function OwnerFacts({ owner }: { owner: ProviderOwner | null }) {
  if (!owner) return <p className="text-sm text-slate-700">No owner: nobody can manage this listing.</p>;
  return (
    <DetailList
      items={[
        ["Email", <span data-testid="owner-email">{owner.email}</span>],
        [
          "Account",
          owner.state === "active" ? (
            <Badge tone="green">Active</Badge>
          ) : (
            <Badge tone="amber">Invited: no password yet</Badge>
          ),
        ],
        ["Account created", formatDate(owner.createdAt)],
        ["Last signed in", owner.lastSeenAt ? formatDateTime(owner.lastSeenAt) : "Never"],
      ]}
    />
  );
}

export function OwnerCard({
  owner,
  contactEmail,
  error,
  email,
  busy,
}: {
  owner: ProviderOwner | null;
  /** The listing's public e-mail, where customers' enquiries go. */
  contactEmail: string | null;
  /** The server's message when the new address was refused, and what was typed. */
  error?: string;
  email?: string;
  busy: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Owner</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <OwnerFacts owner={owner} />
        <Form method="post" noValidate className="space-y-3 border-t border-slate-100 pt-4">
          <input type="hidden" name="intent" value="change-owner" />
          <Field
            label="New owner's email"
            errors={error}
            hint="They get the listing now and an email to set their password (or to sign in). The current owner loses access at once."
          >
            {(p) => (
              <Input {...p} type="email" name="email" autoComplete="off" defaultValue={email} required />
            )}
          </Field>
          <p className="text-sm text-slate-700" data-testid="owner-contact-email">
            {ownerChangeContactText(contactEmail, owner?.email)}
          </p>
          <Button type="submit" variant="outline" size="sm" disabled={busy}>
            Change owner
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
