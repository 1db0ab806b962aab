/**
 * The sync runs alive in this process, by sync log id. A run here has not returned, so its
 * process is by definition alive: the liveness rule of the watchdog (fail-stale-syncs.server.ts)
 * never takes it for dead, even when its heartbeat is late because the database was busy (PGlite
 * is one connection: a beat waits behind a long statement). Its progress is still judged.
 */
const live = new Set<number>();

/** Marks the run alive until the returned function is called. */
export function markSyncRunAlive(syncId: number): () => void {
  live.add(syncId);
  return () => live.delete(syncId);
}

/** The ids of the runs alive in this process. */
export function liveSyncRunIds(): number[] {
  return [...live];
}
