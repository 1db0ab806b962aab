-- Issue 20, item 9: a register sync whose process died is failed within a minute
-- (docs/decisions/0802-sync-liveness-and-live-progress.md).
--
-- alive_at: moved by the run's heartbeat timer every beat (2 s) while its process is alive,
-- whatever the progress; heartbeat_at keeps moving only on progress (decision 0109). The watchdog
-- fails a running log whose alive_at is older than 45 s (dead process) or whose heartbeat_at is
-- older than SYNC_STALE_AFTER_MINUTES (no progress). NULL for runs started by code that does not
-- beat it (a release before this one, during a rolling deploy): those are judged by progress only.
-- job_id: the register-sync job running the sync, failed together with a dead run so that the
-- one-sync slot is freed at once (no foreign key: finished jobs are pruned).
ALTER TABLE sync_log ADD COLUMN alive_at timestamptz;
ALTER TABLE sync_log ADD COLUMN job_id bigint;
