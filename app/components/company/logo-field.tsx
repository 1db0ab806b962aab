/**
 * Logo upload, change and remove: two small forms of their own (a file upload is multipart and
 * forms cannot nest), posting to the dashboard's action. The server checks the bytes and size.
 */
import { ImageIcon, Trash2, Upload } from "lucide-react";
import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/form";

const MAX = 5 * 1024 * 1024;

/** The logo as stored, or a placeholder (shown alone while the listing is suspended). */
export function LogoPreview({ logoUrl, businessName }: { logoUrl: string | null; businessName: string }) {
  return (
    <div className="flex size-28 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
      {logoUrl ? (
        <img
          src={logoUrl}
          alt={`${businessName} logo`}
          className="size-full object-contain"
          data-testid="logo-preview"
        />
      ) : (
        <ImageIcon aria-hidden className="size-10 text-slate-400" />
      )}
    </div>
  );
}

export function LogoField({
  logoUrl,
  businessName,
  error,
  pendingApproval,
}: {
  logoUrl: string | null;
  businessName: string;
  error?: string | null;
  pendingApproval: boolean;
}) {
  const id = useId();
  const navigation = useNavigation();
  const [clientError, setClientError] = useState<string | null>(null);
  const busy =
    navigation.state === "submitting" &&
    ["upload-logo", "remove-logo"].includes(String(navigation.formData?.get("intent")));
  const shown = clientError ?? error ?? null;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <LogoPreview logoUrl={logoUrl} businessName={businessName} />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-800">Logo</p>
        {/* Keyed by the logo, so the chosen file is cleared once it has been stored. */}
        <Form
          key={logoUrl ?? "none"}
          method="post"
          encType="multipart/form-data"
          className="mt-1 flex flex-wrap items-center gap-2"
          onSubmit={(e) => clientError && e.preventDefault()}
        >
          <input type="hidden" name="intent" value="upload-logo" />
          <label htmlFor={id} className="sr-only">
            {logoUrl ? "Choose a new logo" : "Choose a logo"}
          </label>
          <input
            id={id}
            type="file"
            name="logo"
            accept="image/jpeg,image/png,image/gif"
            required
            aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ""}`}
            aria-invalid={shown ? true : undefined}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              setClientError(file && file.size > MAX ? "Logo must be smaller than 5MB" : null);
            }}
            className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-50"
          />
          <Button type="submit" variant="outline" size="sm" disabled={busy}>
            <Upload aria-hidden className="size-4" /> {logoUrl ? "Change Logo" : "Upload Logo"}
          </Button>
        </Form>
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          JPG, PNG or GIF, at most 5MB. Recommended: a square image, 512x512 pixels or larger.
          {pendingApproval ? " It will show on your public listing once your listing is approved." : null}
        </p>
        <FieldError id={`${id}-error`} errors={shown} />
        {logoUrl ? (
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="remove-logo" />
            <Button type="submit" variant="danger-ghost" size="sm" disabled={busy}>
              <Trash2 aria-hidden className="size-4" /> Remove Logo
            </Button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}
