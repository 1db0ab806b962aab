/**
 * When a full sync may mark registrations as removed (decision 0279). A registration missing from
 * a full source is marked "no longer on the register": its profile then tells visitors not to hand
 * it waste, and a licence check calls its number invalid. A short source (one page of a paged
 * API, a truncated download) or rows the import rejected would say that of genuine carriers, so:
 *  - a registration whose row the sync rejected (with a number it could read) is never removed by
 *    that sync;
 *  - a sync that would remove more than REMOVAL_HOLD_SHARE of the registrations on the register
 *    (and more than REMOVAL_HOLD_FLOOR) removes none: it holds them, says so in its log, and an
 *    administrator confirms them from Data Management (confirm-held-removals.server.ts).
 * Pure: shared by the sync and the Data Management page.
 */

/** The share of the registrations on the register a full sync may remove without a confirmation. */
export const REMOVAL_HOLD_SHARE = 0.02;
/** However small the register, a sync may remove this many without a confirmation. */
export const REMOVAL_HOLD_FLOOR = 10;

/** How many registrations a full sync may remove without a confirmation. */
export function removalLimit(onRegister: number): number {
  return Math.max(REMOVAL_HOLD_FLOOR, Math.floor(onRegister * REMOVAL_HOLD_SHARE));
}

function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;
}

const NOTHING_REMOVED =
  "None was marked as removed: a short or partial source would tell visitors that genuine carriers are no longer registered. " +
  "If the source really is the whole register, confirm the removals on Data Management.";

/** The sync log's sentence for removals held because there are too many. */
export function tooManyRemovalsReason(held: number, onRegister: number): string {
  return (
    `Removals held: ${count(held, "registration", "registrations")} on the directory ${held === 1 ? "is" : "are"} not in this source, ` +
    `more than ${REMOVAL_HOLD_SHARE * 100}% of the ${onRegister.toLocaleString("en-GB")} on the register ` +
    `(a sync may remove at most ${removalLimit(onRegister).toLocaleString("en-GB")} without a confirmation). ${NOTHING_REMOVED}`
  );
}

/** The sync log's sentence for removals held because some rejected rows' numbers were not recorded. */
export function unrecordedRejectionsReason(held: number, rejected: number, recorded: number): string {
  return (
    `Removals held: ${count(held, "registration", "registrations")} on the directory ${held === 1 ? "is" : "are"} not in this source, ` +
    `and more rows were rejected (${rejected.toLocaleString("en-GB")}) than could be recorded (${recorded.toLocaleString("en-GB")}): ` +
    `some of the rejected rows may be these registrations. ${NOTHING_REMOVED}`
  );
}
