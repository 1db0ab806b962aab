import { RefreshCw, Upload } from "lucide-react";
import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/form";

interface SyncFormsProps {
  sourceConfigured: boolean;
  maxUploadMb: number;
  /** A sync is running or waiting to start. */
  busy: boolean;
  /** The intent of the form being submitted, if any. */
  submitting: string;
}

/** The two ways to start a sync: from the configured register source, or an uploaded file. */
export function SyncForms(props: SyncFormsProps) {
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2">
      <UpdateFromRegisterCard {...props} />
      <UploadRegisterCard {...props} />
    </div>
  );
}

/** 'Update Data': a sync of the configured source (or a note that none is configured). */
function UpdateFromRegisterCard({ sourceConfigured, busy, submitting }: SyncFormsProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Update from the register</CardTitle>
      </CardHeader>
      <CardContent>
        {sourceConfigured ? (
          <Form method="post" preventScrollReset className="space-y-4">
            <input type="hidden" name="intent" value="sync" />
            <p className="text-sm text-slate-700">
              Imports the configured register source (see Settings) as a background job.
            </p>
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input type="checkbox" name="partial" className="mt-1 h-4 w-4" />
              <span>
                The source is only part of the register
                <span className="block text-slate-600">
                  Registrations missing from it are then left as they are instead of being marked as no longer
                  on the register.
                </span>
              </span>
            </label>
            <Button type="submit" disabled={busy || submitting === "sync"}>
              <RefreshCw aria-hidden className={`h-4 w-4 ${busy ? "animate-spin" : ""}`} /> Update Data
            </Button>
            {busy ? <p className="text-sm text-slate-600">A sync is running or waiting to start.</p> : null}
          </Form>
        ) : (
          <Alert tone="info" title="No register source configured">
            Set REGISTER_SOURCE to the register's download URL or a file path, or upload a register file.
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

/** The upload of a register file (CSV or ZIP). */
function UploadRegisterCard({ maxUploadMb, busy, submitting }: SyncFormsProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload a register file</CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" encType="multipart/form-data" preventScrollReset className="space-y-4">
          <input type="hidden" name="intent" value="upload" />
          <div>
            <Label htmlFor="register-file">Register file (CSV or ZIP)</Label>
            <input
              id="register-file"
              name="file"
              type="file"
              required
              accept=".csv,.zip,text/csv,application/zip"
              aria-describedby="register-file-hint"
              className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold"
            />
            <p id="register-file-hint" className="mt-1 text-xs text-slate-600">
              EA export or public register format, up to {maxUploadMb} MB. Rows in the file are added or
              updated; nothing is marked as removed.
            </p>
          </div>
          <Button type="submit" variant="secondary" disabled={busy || submitting === "upload"}>
            <Upload aria-hidden className="h-4 w-4" /> Upload and import
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
