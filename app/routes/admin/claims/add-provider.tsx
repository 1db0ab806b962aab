/**
 * /admin/providers/new: Add Provider (the spec shows the button without behaviour; decision
 * 0505). An admin lists a business from the register as a verified claimed listing for its owner,
 * who is e-mailed an invitation to set a password. Plain form: works without JavaScript.
 */
import { ArrowLeft } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import {
  OwnerFields,
  SubscriptionFields,
  TextField,
  type AddProviderErrors,
  type AddProviderValues,
} from "~/components/admin/add-provider/provider-fields";
import { Button } from "~/components/ui/button";
import { Field, Textarea } from "~/components/ui/form";
import { addProvider } from "~/modules/claims/add-provider.server";
import { addProviderSchema, firstErrors } from "~/modules/claims/claim-form";
import { CLAIM_TEXT } from "~/modules/claims/constants";
import { getApp } from "~/web/context";
import { redirectWithToast } from "~/web/toast.server";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/add-provider";
import { adminMeta } from "~/web/meta";

export const meta = () => adminMeta("Add Provider");

type Values = AddProviderValues;
type Errors = AddProviderErrors;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  return { registrationNumber: url.searchParams.get("registration")?.slice(0, 40) ?? "" };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, url);
  const app = getApp(context);
  const form = Object.fromEntries(await request.formData());
  const values: Values = Object.fromEntries(
    Object.entries(form).filter(([, v]) => typeof v === "string"),
  ) as Values;
  const fail = (errors: Errors, status = 400) => data({ values, errors }, { status });
  const parsed = addProviderSchema.safeParse(form);
  if (!parsed.success) return fail(firstErrors<keyof Errors>(parsed.error));
  const v = parsed.data;
  try {
    const r = await addProvider(
      app.db,
      app.config,
      {
        registrationNumber: v.registrationNumber,
        contactName: v.contactName,
        contactEmail: v.contactEmail,
        contactPhone: v.contactPhone,
        plan: v.plan,
        period: v.period,
        freeTrial: v.freeTrial === "on",
        adminNotes: v.adminNotes,
        adminId: admin.id,
      },
      app.log,
      { storage: app.storage, log: app.log },
    );
    switch (r.status) {
      case "missing":
        return fail({ registrationNumber: CLAIM_TEXT.enterNumber });
      case "not-found":
        return fail({ registrationNumber: CLAIM_TEXT.numberNotFound }, 404);
      case "claimed":
        return fail({ registrationNumber: CLAIM_TEXT.alreadyClaimed }, 409);
      case "pending":
        return fail(
          {
            registrationNumber: `This business already has a pending claim request: review it in Claim Requests.`,
          },
          409,
        );
      case "other-listing":
        return fail({ contactEmail: CLAIM_TEXT.addressHasListing(r.other) }, 409);
      case "added": {
        const a = r.approval;
        if (a.status !== "approved") {
          return fail(
            {
              form: `${CLAIM_TEXT.approveFailed}. The provider was saved as a pending claim: approve it from Claim Requests.`,
            },
            500,
          );
        }
        return redirectWithToast(
          context,
          "/admin/providers?status=verified",
          a.accountLinked
            ? {
                title: "Provider added",
                description: `${a.businessName} is now a verified listing. ${v.contactEmail} was emailed a link to set a password.${a.warnings.length ? ` ${a.warnings.join(" ")}` : ""}`,
                variant: "success",
              }
            : {
                title: "Partial Success",
                description: `${a.businessName} is listed, but the owner's account could not be set up. ${a.warnings.join(" ")}`,
                variant: "destructive",
              },
        );
      }
    }
  } catch (error) {
    app.log.error({ err: error }, "add provider failed");
    return fail({ form: `${CLAIM_TEXT.approveFailed}. ${CLAIM_TEXT.warnDirectoryError}.` }, 500);
  }
}

export default function AddProvider({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const values: Values = actionData?.values ?? { registrationNumber: loaderData.registrationNumber };
  const errors: Errors = actionData?.errors ?? {};
  return (
    <AdminPage
      title="Add Provider"
      description="List a business from the register as a verified provider for its owner, without waiting for a claim."
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/providers">
            <ArrowLeft aria-hidden className="size-4" /> Back to Providers
          </Link>
        </Button>
      }
    >
      <Form
        method="post"
        noValidate
        className="max-w-2xl space-y-5 rounded-lg border border-slate-200 bg-white p-5"
      >
        {errors.form ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {errors.form}
          </p>
        ) : null}
        <TextField
          name="registrationNumber"
          label="Registration number"
          hint="As on the public register, for example CBDU123456."
          className="font-mono uppercase"
          values={values}
          errors={errors}
        />
        <OwnerFields values={values} errors={errors} />
        <SubscriptionFields values={values} errors={errors} sent={!!actionData} />
        <Field label="Admin Notes" errors={errors.adminNotes} hint="Kept with the listing's claim record.">
          {(p) => (
            <Textarea {...p} name="adminNotes" rows={3} maxLength={2000} defaultValue={values.adminNotes} />
          )}
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {busy ? "Adding..." : "Add Provider"}
          </Button>
        </div>
      </Form>
    </AdminPage>
  );
}
