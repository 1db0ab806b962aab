/**
 * The licence document on the wizard's last step (decision 0506): a file input sent with Submit
 * Claim (a chosen file cannot travel between steps without a script, so it sits where the claim is
 * submitted). With JavaScript, a file over 10 MB is refused as soon as it is chosen; the server
 * checks the content either way.
 */
import { FileCheck2 } from "lucide-react";
import { useState } from "react";
import { FieldError, Label } from "~/components/ui/form";
import {
  LICENCE_ACCEPT,
  LICENCE_FIELD,
  LICENCE_MAX_BYTES,
  LICENCE_MESSAGES,
} from "~/modules/claims/licence-rules";

export function LicenceField({ error }: { error?: string | null }) {
  const [clientError, setClientError] = useState<string | null>(null);
  const shown = clientError ?? error ?? null;
  return (
    <section aria-labelledby="licence-title" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 id="licence-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <FileCheck2 aria-hidden className="size-5 text-brand-700" /> Evidence of ownership
      </h3>
      <p id="licence-why" className="mt-1 text-sm text-slate-700">
        {LICENCE_MESSAGES.why}
      </p>
      <div className="mt-3">
        <Label htmlFor="licence">{LICENCE_MESSAGES.label}</Label>
        <input
          id="licence"
          name={LICENCE_FIELD}
          type="file"
          accept={LICENCE_ACCEPT}
          aria-invalid={shown ? true : undefined}
          aria-describedby={["licence-why", "licence-hint", shown ? "licence-error" : null]
            .filter(Boolean)
            .join(" ")}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file && file.size > LICENCE_MAX_BYTES) {
              setClientError(LICENCE_MESSAGES["too-large"]);
              e.currentTarget.value = "";
            } else setClientError(null);
          }}
          className="block w-full rounded-md border border-slate-300 bg-white text-sm text-slate-700 file:mr-3 file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium file:text-slate-800 hover:file:bg-slate-200 aria-[invalid=true]:border-red-600"
        />
        <p id="licence-hint" className="mt-1 text-xs text-slate-600">
          {LICENCE_MESSAGES.hint} {LICENCE_MESSAGES.noScript}
        </p>
        <FieldError id="licence-error" errors={shown} />
      </div>
    </section>
  );
}
