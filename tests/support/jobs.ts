/** Job types for the queue's own tests: any object as payload, a handler the test writes. */
import { z } from "zod";
import {
  defineJob,
  jobHandler,
  type JobDefinition,
  type JobRegistration,
} from "~/platform/jobs/job-definition.server";

const anyPayload = z.record(z.string(), z.unknown());

export function testType(type: string, options: Omit<JobDefinition, "type" | "payload"> = {}) {
  return defineJob({ type, payload: anyPayload, ...options });
}

export function testJob(
  type: string,
  handler: JobRegistration<typeof anyPayload>["handler"],
  options: Omit<JobDefinition, "type" | "payload"> = {},
): JobRegistration {
  return jobHandler(testType(type, options), handler);
}
