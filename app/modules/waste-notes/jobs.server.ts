/** The waste-notes module's background jobs (listed in server/jobs.ts). */
import type { Config } from "~/platform/env.server";
import { jobHandler, type JobRegistration } from "~/platform/jobs/job-definition.server";
import type { Logger } from "~/platform/logger.server";
import type { Storage } from "~/platform/storage/storage.server";
import { generateWasteNotePdf, type GenerateDeps } from "./generate-pdf.server";
import { PDF_JOB } from "./pdf-job.server";
import { createPdfRenderer } from "./pdf-renderer.server";
import { runCustomerEmail } from "./customer-email.server";
import { CUSTOMER_EMAIL_JOB } from "./send-to-customer.server";

/** The PDF job with a given renderer (tests pass their own). */
export function pdfJob(deps: Omit<GenerateDeps, "db">, close?: () => Promise<void>): JobRegistration {
  return jobHandler(
    PDF_JOB,
    async (payload, { db, job }) =>
      void (await generateWasteNotePdf({ ...deps, db }, payload.id, { jobId: job.id })),
    {
      close,
    },
  );
}

/** The customer's e-mail (decision 0712): waits for the PDF, then queues the message with it attached. */
export function customerEmailJob(config: Pick<Config, "publicUrl">): JobRegistration {
  return jobHandler(CUSTOMER_EMAIL_JOB, (payload, helpers) =>
    runCustomerEmail({ publicUrl: config.publicUrl }, payload, helpers),
  );
}

export function wasteNoteJobs(
  config: Pick<Config, "publicUrl">,
  storage: Storage,
  log: Logger,
): JobRegistration[] {
  // PDFs are rendered in a child process with a time and memory limit (decision 0006).
  const renderer = createPdfRenderer(log);
  return [
    pdfJob({ storage, publicUrl: config.publicUrl, render: renderer.render }, renderer.close),
    customerEmailJob(config),
  ];
}
