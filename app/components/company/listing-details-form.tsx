/** The Listing Details form: the fields a company user may change, and the read-only address. */
import { Save } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input, Textarea } from "~/components/ui/form";
import { ABOUT_MAX, BUSINESS_NAME_MAX } from "~/modules/company/listing-rules";
import { ServicesInput } from "./services-input";

export interface ListingFormValues {
  businessName: string;
  about: string | null;
  phone: string | null;
  email: string | null;
  services: string[];
}

export function ListingDetailsForm({
  values,
  address,
  errors = {},
  verified,
}: {
  values: ListingFormValues;
  address: string | null;
  errors?: Partial<Record<keyof ListingFormValues, string[]>>;
  verified: boolean;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "details";
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
      <input type="hidden" name="intent" value="details" />
      <Field label="Business Name" errors={errors.businessName} className="sm:col-span-2">
        {(p) => (
          <Input
            {...p}
            name="businessName"
            defaultValue={values.businessName}
            maxLength={BUSINESS_NAME_MAX}
            autoComplete="organization"
            required
          />
        )}
      </Field>
      <Field
        label="Description"
        errors={errors.about}
        hint="Tell customers what you collect and where you work."
        className="sm:col-span-2"
      >
        {(p) => (
          <Textarea {...p} name="about" rows={5} defaultValue={values.about ?? ""} maxLength={ABOUT_MAX} />
        )}
      </Field>
      <Field label="Phone" errors={errors.phone}>
        {(p) => <Input {...p} name="phone" type="tel" defaultValue={values.phone ?? ""} autoComplete="tel" />}
      </Field>
      <Field label="Email" errors={errors.email}>
        {(p) => (
          <Input {...p} name="email" type="email" defaultValue={values.email ?? ""} autoComplete="email" />
        )}
      </Field>
      <Field
        label="Address"
        hint="From the public register; it cannot be changed here."
        className="sm:col-span-2"
      >
        {(p) => (
          <Input {...p} value={address ?? "Not specified"} readOnly className="bg-slate-100 text-slate-700" />
        )}
      </Field>
      <div className="sm:col-span-2">
        <ServicesInput defaultValue={values.services} errors={errors.services} />
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" disabled={saving}>
          <Save aria-hidden className="size-4" /> {saving ? "Saving..." : "Save Changes"}
        </Button>
        <p className="text-sm text-slate-600">
          {verified
            ? "Changes are published to your public listing straight away."
            : "Changes are kept as a draft until your listing is approved."}
        </p>
      </div>
    </Form>
  );
}
