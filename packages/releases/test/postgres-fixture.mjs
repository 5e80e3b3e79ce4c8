// A throwaway PostgreSQL for the scripts' tests (packages/server/src/test-support/postgres.ts, Debian's
// server): started once, a database of its own per use, stopped with SIGINT.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { root } from './load.mjs';

export async function startTestPostgres() {
  const server = spawn(
    join(root, 'packages', 'server', 'node_modules', '.bin', 'tsx'),
    [join(root, 'packages', 'server', 'src', 'test-support', 'postgres.ts')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`PostgreSQL did not start (${code})`)));
    server.stdout.once('data', (chunk) => resolve(String(chunk).trim().split('\n')[0]));
  });
  let databases = 0;
  return {
    url,
    /** A database of its own on the server. */
    async freshDatabase(prefix = 'test') {
      databases += 1;
      const name = `${prefix}_${process.pid}_${databases}`;
      const client = new pg.Client(url);
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      return `${url.replace(/\/[^/]*$/, '')}/${name}`;
    },
    async stop() {
      const stopped = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGINT');
      await stopped;
    },
  };
}
