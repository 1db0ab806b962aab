/**
 * /admin/leads/:id/forward (decision 0807): one lead, the carriers it has gone to, and the eligible
 * carriers around its postcode nearest first with their distance in miles; the admin ticks up to
 * five and forwards it (intent=forward), or closes the lead (intent=close). Every rule is the
 * module's: the carriers are re-checked there, a carrier gets a lead once, a closed lead is never
 * forwarded; a refusal changes nothing and says why.
 */
import { data } from "react-router";
import * as z from "zod/mini";
import { AdminPage } from "~/components/admin/admin-page";
import { LeadForwarding } from "~/components/admin/leads/lead-forwarding";
import { useToastOnce } from "~/components/ui/toast";
import { closeLead, forwardLead, forwardRefusal } from "~/modules/leads/forward-lead.server";
import { getLeadForwarding } from "~/modules/leads/get-lead-forwarding.server";
import { countOf } from "~/web/bulk-selection";
import { getApp } from "~/web/context";
import { requireAdmin } from "~/web/guards.server";
import { adminMeta } from "~/web/meta";
import { redirectWithToast, type ToastMessage } from "~/web/toast.server";
import type { Route } from "./+types/lead-forward";

export const meta = ({ data }: Route.MetaArgs) =>
  adminMeta(data?.forwarding ? `Forward lead from ${data.forwarding.lead.name}` : "Forward lead");

export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  const forwarding = await getLeadForwarding(getApp(context).db, params.id);
  if (!forwarding) throw data("Lead not found", { status: 404 });
  return { forwarding };
}

const ActionForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("forward"),
    carrier: z.array(z.string().check(z.trim(), z.maxLength(40))).check(z.maxLength(50)),
  }),
  z.object({ intent: z.literal("close") }),
]);

export interface LeadForwardActionData {
  error: ToastMessage;
}

const refused = (description: string, status = 400) =>
  data<LeadForwardActionData>({ error: { title: "Error", description, variant: "destructive" } }, { status });

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, url);
  const app = getApp(context);
  const form = await request.formData();
  const parsed = ActionForm.safeParse({
    intent: form.get("intent"),
    carrier: form.getAll("carrier").filter((v) => typeof v === "string"),
  });
  if (!parsed.success) return refused("That request was not understood. Nothing was changed.");
  const self = `/admin/leads/${params.id}/forward`;
  if (parsed.data.intent === "close") {
    const r = await closeLead(app.db, { leadId: params.id, adminId: admin.id });
    if (r.status === "not-found") return refused("This lead no longer exists.", 404);
    if (r.status === "already-closed") return refused("This lead is already closed.");
    return redirectWithToast(context, self, { title: "Lead closed", variant: "success" });
  }
  const r = await forwardLead(app.db, app.config, {
    leadId: params.id,
    registrationNumbers: parsed.data.carrier,
    adminId: admin.id,
  });
  if (r.status !== "forwarded") return refused(forwardRefusal(r), r.status === "not-found" ? 404 : 400);
  return redirectWithToast(context, self, {
    title: "Lead forwarded",
    description: `Sent to ${countOf(r.carriers.length, "carrier", "carriers")}: ${r.carriers.map((c) => c.businessName).join(", ")}. The customer has been told who was asked.`,
    variant: "success",
  });
}

export default function LeadForward({ loaderData, actionData }: Route.ComponentProps) {
  const { forwarding } = loaderData;
  useToastOnce(actionData?.error);
  return (
    <AdminPage
      title="Forward lead"
      description="Send this customer's request to licensed carriers near them. The customer is e-mailed the carriers' names."
    >
      <LeadForwarding forwarding={forwarding} error={actionData?.error.description} />
    </AdminPage>
  );
}
