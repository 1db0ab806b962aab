-- Two-factor: the last TOTP time step accepted for a user, so a code cannot be replayed.
ALTER TABLE users ADD COLUMN totp_last_step bigint;
