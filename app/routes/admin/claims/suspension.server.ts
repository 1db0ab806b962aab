/**
 * intent=suspend|reinstate, as the Providers list and a provider's page post it (the suspend
 * dialog): the listing, the admin's reason (required, checked by the module), a toast after.
 * A refused reason answers 400 with the message, so the dialog stays open and shows it; a
 * suspension of an unverified listing answers 409 with why (decision 0269).
 */
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { reinstateProvider } from "~/modules/providers/reinstate-provider.server";
import { SUSPENSION_TEXT, suspendProvider } from "~/modules/providers/suspend-provider.server";
import { getApp } from "~/web/context";
import { redirectWithToast, type ToastMessage } from "~/web/toast.server";

export type SuspensionActionData = { toast?: ToastMessage; reasonError?: string; reason?: string };

const schema = z.object({
  intent: z.enum(["suspend", "reinstate"]),
  listingId: z.string().uuid(),
  reason: z.string().max(10_000).optional(),
});

const failure = (description: string, status: number) =>
  data<SuspensionActionData>({ toast: { title: "Error", description, variant: "destructive" } }, { status });

export async function suspensionIntent(
  context: Readonly<RouterContextProvider>,
  adminId: string,
  form: FormData,
  back: string,
) {
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return failure("Unknown listing or action", 400);
  const { intent, listingId, reason = "" } = parsed.data;
  const app = getApp(context);
  const change = intent === "suspend" ? suspendProvider : reinstateProvider;
  const r = await change(app.db, app.config, { listingId, adminId, reason });
  if (r.status === "not-found") return failure("Listing not found", 404);
  // An unverified listing (a pending claim's) is not suspended (decision 0269).
  if (r.status === "not-verified") return failure(SUSPENSION_TEXT.notVerified(r.registrationNumber), 409);
  if (r.status === "invalid")
    return data<SuspensionActionData>({ reasonError: r.error, reason }, { status: 400 });
  const suspend = intent === "suspend";
  return redirectWithToast(context, back, {
    title: suspend ? "Listing suspended" : "Listing reinstated",
    description:
      r.status === "unchanged"
        ? "It already was: nothing changed."
        : `${r.registrationNumber} ${suspend ? "now shows only the register's data on the public site" : "shows its claimed details again"}${r.emailed ? "; the owner has been e-mailed" : ""}.`,
    variant: "success",
  });
}
