/** The "Declaration and signatures" section: the waste hierarchy declaration and both signatures. */
import { cn } from "~/components/ui/cn";
import { FieldError } from "~/components/ui/form";
import { WASTE_HIERARCHY_DECLARATION } from "~/modules/waste-notes/constants";
import { SignaturePad } from "../signature-pad";
import { Req, Section, type FormSectionProps } from "./shared";

/** The waste hierarchy tick box, then the transferor's and the carrier's signature pads. */
/** Who signs the note, in order: each signs by name, and with JavaScript also draws. */
const SIGNING_PARTIES = [
  { party: "transferor", title: "Transferor" },
  { party: "transferee", title: "Carrier (transferee)" },
] as const;

export function SignaturesSection({ errors, str }: FormSectionProps) {
  return (
    <Section
      title="Declaration and signatures"
      description="Both parties sign. A typed name is an electronic signature; drawing is optional."
    >
      <div className="sm:col-span-2">
        <label
          className={cn(
            "flex items-start gap-3 rounded-md border p-3 text-sm",
            errors.wasteHierarchy ? "border-red-600 bg-red-50" : "border-slate-200 bg-slate-50",
          )}
        >
          <input
            type="checkbox"
            name="wasteHierarchy"
            defaultChecked={str("wasteHierarchy") === "on"}
            className="mt-0.5 size-4 accent-brand-600"
            aria-required
          />
          <span>
            <span className="font-semibold">
              Waste hierarchy declaration
              <Req />
            </span>
            <br />
            {WASTE_HIERARCHY_DECLARATION}
          </span>
        </label>
        <FieldError errors={errors.wasteHierarchy} />
      </div>
      {SIGNING_PARTIES.map(({ party, title }) => (
        <SignaturePad
          key={party}
          party={party}
          title={title}
          nameField={`${party}SignatureName`}
          imageField={`${party}Signature`}
          defaultName={str(`${party}SignatureName`)}
          nameErrors={errors[`${party}SignatureName`]}
          imageErrors={errors[`${party}Signature`]}
        />
      ))}
    </Section>
  );
}
