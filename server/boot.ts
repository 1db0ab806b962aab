/**
 * What the server does once at start-up besides migrating: the job handlers each module
 * provides, schedules, and the first-run set-up of the embedded demo.
 */
import type { AppServices } from "../app/platform/context";
import type { Logger } from "../app/platform/logger.server";
import { PDF_JOB } from "../app/modules/waste-notes/create-note.server";
import { wasteNotePdfJob } from "../app/modules/waste-notes/generate-pdf.server";
import { getStorage } from "../app/platform/storage/storage.server";

export function registerJobs(services: AppServices, log: Logger): void {
  services.jobs.register(PDF_JOB, wasteNotePdfJob({ storage: getStorage(services.config), publicUrl: services.config.publicUrl }));
  void services;
  void log;
}

export async function firstRun(services: AppServices, log: Logger): Promise<void> {
  void services;
  void log;
}
