/** Human-readable lines for a sync summary (CLI output, job logs). */
import type { SyncSummary } from "./run-register-sync.server";

export function formatSyncSummary(s: SyncSummary, maxRejections = 10): string {
  const seconds = (s.durationMs / 1000).toFixed(1);
  const rate = s.durationMs > 0 ? Math.round((s.processed / s.durationMs) * 1000) : s.processed;
  const lines = [
    `Register sync #${s.syncId} from ${s.source}: success in ${seconds} s (${rate.toLocaleString("en-GB")} rows/s; ` +
      `reading ${(s.phases.streamMs / 1000).toFixed(1)} s, merging ${(s.phases.mergeMs / 1000).toFixed(1)} s: ` +
      Object.entries(s.phases.steps)
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`)
        .join(", ") +
      ")",
    `  processed ${s.processed}, added ${s.added}, updated ${s.updated}, unchanged ${s.unchanged}, rejected ${s.rejected}, removed ${s.removed}`,
  ];
  if (s.held > 0 && s.heldReason) lines.push(`  ${s.heldReason}`);
  if (s.rejections.length) {
    lines.push(`  first rejected rows:`);
    for (const r of s.rejections.slice(0, maxRejections)) {
      lines.push(
        `    line ${r.line}${r.registrationNumber ? ` (${r.registrationNumber})` : ""}: ${r.reason}`,
      );
    }
    if (s.rejected > maxRejections)
      lines.push(`    ... all rejected rows are listed in sync_rejections for sync ${s.syncId}`);
  }
  return lines.join("\n");
}
