// One writer at a time on one machine: an exclusive lock file beside what it guards, taken again when
// the process holding it died. Every writer of a file store (the live pointer, the tokens) takes it.
import { closeSync, mkdirSync, openSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/** A lock older than this was left by a process that died holding it. */
const STALE_LOCK_MS = 30_000;
/** How long a writer waits for another before it gives up. */
const WAIT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` holding `<file>.lock`. */
export async function withFileLock<T>(file: string, work: () => T | Promise<T>): Promise<T> {
  const lock = `${file}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  for (let waited = 0; ; waited += 50) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lock, { force: true });
      else if (waited > WAIT_MS) throw new Error(`${lock} is held by another writer for more than 10 s`);
      await sleep(50);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true });
  }
}
