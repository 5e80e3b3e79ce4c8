/**
 * PostgreSQL advisory lock keys: any constants, the same in every process. Separate keys, so that a
 * section holding one never waits for itself through another.
 */
export const LOCK_KEYS = {
  /** `Database.exclusive` around migrations + seed + demo accounts at start-up (seed/prepare.ts). */
  startup: 727_000,
  /** Each migration's transaction (db/migrate.ts), also when the CLI migrates. */
  migrations: 727_001,
  /** The seed's transaction (seed/insert.ts). */
  seed: 727_002,
  /** The demo accounts' transaction (seed/demo.ts). */
  demo: 727_003,
} as const;
