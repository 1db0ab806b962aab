/**
 * Step 2, Add Details: website, about, services (the ten predefined ones plus custom ones) and
 * areas. A custom service is added with the Add button (a round trip, works without JavaScript)
 * or, with JavaScript, with Enter; Escape clears what was typed. Custom services stay as ticked
 * boxes, so unticking one removes it.
 */
import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, FieldError, Input, Label, Textarea } from "~/components/ui/form";
import { cleanServices, PREDEFINED_SERVICES } from "~/modules/claims/constants";
import type { WizardValues } from "~/modules/claims/wizard-state";
import type { WizardStepProps } from "./step-props";

const PREDEFINED = new Set<string>(PREDEFINED_SERVICES.map((s) => s.toLowerCase()));

/** The custom services and the one being typed, with Add (Enter) and Escape. */
function useServiceDraft(values: WizardValues) {
  const [custom, setCustom] = useState(() => values.services.filter((s) => !PREDEFINED.has(s.toLowerCase())));
  const [draft, setDraft] = useState(values.newService);
  const [draftError, setDraftError] = useState<string | null>(null);
  function add() {
    const next = draft.replace(/\s+/g, " ").trim();
    if (!next) {
      setDraftError("Type a service name first");
      return;
    }
    if (next.length > 60) {
      setDraftError("Each service is limited to 60 characters");
      return;
    }
    setDraftError(null);
    if (!PREDEFINED.has(next.toLowerCase())) setCustom((list) => cleanServices([...list, next]));
    else {
      const box = document.querySelector<HTMLInputElement>(
        `#claim-form input[name=services][value="${CSS.escape(PREDEFINED_SERVICES.find((s) => s.toLowerCase() === next.toLowerCase())!)}"]`,
      );
      if (box) box.checked = true;
    }
    setDraft("");
  }
  function change(value: string) {
    setDraft(value);
    setDraftError(null);
  }
  function clear() {
    setDraft("");
    setDraftError(null);
  }
  return { custom, draft, draftError, add, change, clear };
}

type ServiceDraft = ReturnType<typeof useServiceDraft>;

function ServiceBox({
  service,
  checked,
  className,
  children,
}: {
  service: string;
  checked: boolean;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        name="services"
        value={service}
        defaultChecked={checked}
        className="size-4 accent-brand-600"
      />
      {children}
    </label>
  );
}

function ServiceBoxes({ chosen, custom }: { chosen: Set<string>; custom: string[] }) {
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {PREDEFINED_SERVICES.map((s) => (
        <ServiceBox
          key={s}
          service={s}
          checked={chosen.has(s.toLowerCase())}
          className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
        >
          {s}
        </ServiceBox>
      ))}
      {custom.map((s) => (
        <ServiceBox
          key={s}
          service={s}
          checked
          className="flex items-center gap-2 rounded-md border border-brand-600 bg-brand-50 px-3 py-2 text-sm"
        >
          {s} <span className="text-xs text-slate-600">(custom)</span>
        </ServiceBox>
      ))}
    </div>
  );
}

function CustomService({ service, error }: { service: ServiceDraft; error: string | undefined }) {
  return (
    <div className="mt-3">
      <Label htmlFor="newService">Add a custom service</Label>
      <div className="flex gap-2">
        <Input
          id="newService"
          name="newService"
          value={service.draft}
          maxLength={60}
          onChange={(e) => service.change(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              service.add();
            } else if (e.key === "Escape") {
              e.preventDefault();
              service.clear();
            }
          }}
          aria-invalid={service.draftError || error ? true : undefined}
          aria-describedby="newService-hint newService-error"
        />
        <Button
          type="submit"
          name="intent"
          value="add-service"
          variant="outline"
          className="shrink-0"
          onClick={(e) => {
            e.preventDefault();
            service.add();
          }}
        >
          <Plus aria-hidden className="size-4" /> Add
        </Button>
      </div>
      <p id="newService-hint" className="mt-1 text-xs text-slate-600">
        Press Enter or Add to add it, Escape to clear. Untick a service to remove it.
      </p>
      <FieldError id="newService-error" errors={service.draftError ?? error} />
    </div>
  );
}

export function DetailsStep({ active, values, errors }: WizardStepProps) {
  const service = useServiceDraft(values);
  if (!active) {
    return (
      <>
        <input type="hidden" name="website" value={values.website} />
        <input type="hidden" name="about" value={values.about} />
        <input type="hidden" name="areas" value={values.areas} />
        {values.services.map((s) => (
          <input key={s} type="hidden" name="services" value={s} />
        ))}
      </>
    );
  }
  const chosen = new Set(values.services.map((s) => s.toLowerCase()));
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">
        What customers see on your profile once your claim is approved. Everything here is optional and you
        can change it later.
      </p>
      <Field label="Website (optional)" errors={errors.website} hint="For example www.yourcompany.co.uk">
        {(p) => (
          <Input
            {...p}
            name="website"
            defaultValue={values.website}
            inputMode="url"
            autoComplete="url"
            maxLength={300}
          />
        )}
      </Field>
      <Field label="About your business (optional)" errors={errors.about} hint="Up to 2000 characters.">
        {(p) => <Textarea {...p} name="about" defaultValue={values.about} rows={4} maxLength={2000} />}
      </Field>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Services offered</legend>
        <ServiceBoxes chosen={chosen} custom={service.custom} />
        <FieldError errors={errors.services} />
        <CustomService service={service} error={errors.newService} />
      </fieldset>
      <Field
        label="Areas covered (optional)"
        errors={errors.areas}
        hint="Separate areas with commas, for example: Leeds, Bradford, Wakefield"
      >
        {(p) => <Input {...p} name="areas" defaultValue={values.areas} maxLength={1000} />}
      </Field>
    </div>
  );
}
