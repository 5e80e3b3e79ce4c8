/**
 * The migrated and seeded template every test file starts from, made once per test run:
 *  - PGlite: an in-memory database dumped to a tarball; each file opens a copy (`loadDataDir`).
 *  - PostgreSQL (DATABASE_URL set): a template database; each file gets `CREATE DATABASE ... TEMPLATE`.
 * jest's globalSetup makes it and passes its location to the workers in environment variables.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { insertSeed } from '../seed/insert';
import type { SeedData } from '../seed/types';
import { fixture } from './fixture';

export const ENV_PGLITE_TEMPLATE = 'LAB_TEST_PGLITE_TEMPLATE';
export const ENV_PG_TEMPLATE = 'LAB_TEST_PG_TEMPLATE';

/** A database name safe to splice into SQL (letters, digits, underscore). */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** The same server, another database. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function prepare(db: Database, data: SeedData): Promise<void> {
  await migrate(db);
  await insertSeed(db, data);
}

export async function createPgliteTemplate(data: SeedData = fixture): Promise<string> {
  const db = await openPglite();
  try {
    await prepare(db, data);
    const dump = await db.dumpDataDir();
    const file = path.join(tmpdir(), `${uniqueDatabaseName('lab-test-template')}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await db.close();
  }
}

export function readPgliteTemplate(file: string): Blob {
  return new Blob([readFileSync(file)]);
}

export async function createPostgresTemplate(url: string, data: SeedData = fixture): Promise<string> {
  const name = uniqueDatabaseName('lab_test_template');
  const admin = await openPostgres({ connectionString: url, max: 1 });
  try {
    await admin.exec(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const db = await openPostgres({ connectionString: databaseUrl(url, name), max: 2 });
  try {
    await prepare(db, data);
  } finally {
    await db.close();
  }
  return name;
}

export async function dropPostgresDatabase(url: string, name: string): Promise<void> {
  const admin = await openPostgres({ connectionString: url, max: 1 });
  try {
    await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.close();
  }
}

export function removePgliteTemplate(file: string): void {
  rmSync(file, { force: true });
}
