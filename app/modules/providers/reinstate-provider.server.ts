/** Reinstating a suspended listing (admins): the reverse of suspend-provider.server.ts, with a reason. */
import type { Database } from "~/platform/db/database.server";
import type { Config } from "~/platform/env.server";
import { changeSuspension, type SuspensionInput } from "./suspend-provider.server";

export function reinstateProvider(db: Database, config: Pick<Config, "publicUrl">, input: SuspensionInput) {
  return changeSuspension(db, config, "reinstate", input);
}
