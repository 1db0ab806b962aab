/**
 * What the server does once at start-up besides migrating: the job handlers each module
 * provides, schedules, and the first-run set-up of the embedded demo.
 */
import type { AppServices } from "../app/platform/context";
import type { Logger } from "../app/platform/logger.server";

export function registerJobs(services: AppServices, log: Logger): void {
  void services;
  void log;
}

export async function firstRun(services: AppServices, log: Logger): Promise<void> {
  void services;
  void log;
}
