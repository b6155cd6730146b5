-- Two-factor sign-in locked for an account after too many wrong codes from anywhere
-- (decision 0070): until this moment, or until an admin unlocks it. Runs unchanged on PGlite
-- and on PostgreSQL 15+.
ALTER TABLE staff_users ADD COLUMN two_factor_locked_until timestamptz;
