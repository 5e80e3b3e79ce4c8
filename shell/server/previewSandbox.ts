/**
 * Runs the remotes' preview modules away from the shell's server: in a worker thread with a limited heap
 * and an empty environment, each module in a context without require, process, file system, network,
 * timers or code built from strings (preview-sandbox-worker.cjs). A module is code from whoever can write
 * to a remote's origin; here it can only turn the request it is handed into HTML. Whatever it does
 * wrong (throws, loops, allocates without end, reaches for what is not there) yields no preview: a late
 * answer ends the worker, the next page starts a new one, and the page loads without a preview; a module
 * that keeps costing time or the worker is not asked for a while. docs/sandbox.md: what it promises.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PageRequest, PageResult } from '@lab/pages/routes';

/** A render's time limit; a page's previews normally take a few tens of milliseconds. */
export const RENDER_TIMEOUT_MS = 1_000;
/** Evaluating a module the first time (a remote's bundle is a few MB of JavaScript). */
export const LOAD_TIMEOUT_MS = 3_000;
/** The worker's heap: a preview that needs more is refused. */
const HEAP_MB = 256;
/**
 * A module that ran out of time or memory this many times in a row is not asked again for a while: each
 * try costs its page up to the time limit, and a worker ended for it costs the other remotes' modules
 * their evaluation again.
 */
export const STRIKES = 3;
export const BENCH_MS = 30_000;
const WORKER_FILE = join(__dirname, 'preview-sandbox-worker.cjs');

type Reply = { id: number; ok: boolean; error?: string; unknown?: boolean; result?: string | null };

/** Failures that cost time or the worker (a time limit, the heap), as against a module's own error. */
const COSTLY = /timed out|no answer within|was late|worker stopped|out of memory|heap|larger than|never comes/i;
type Pending = { resolve: (reply: Reply) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

/** A preview module, known to the sandbox by its key (its address and the hash of its source). */
export type SandboxedModule = { key: string };

export class PreviewSandbox {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Sources by key, to load a module again into a worker started after a failure. */
  private readonly sources = new Map<string, string>();
  /** Per module: its late or fatal answers in a row, and until when it is not asked. */
  private readonly strikes = new Map<string, { count: number; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Evaluates a module; rejects when it does not run or exports no describePage. */
  async load(url: string, source: string): Promise<SandboxedModule> {
    const key = `${url}#${createHash('sha256').update(source).digest('hex').slice(0, 16)}`;
    await this.send({ type: 'load', key, source, timeout: LOAD_TIMEOUT_MS }, LOAD_TIMEOUT_MS);
    this.sources.set(key, source);
    return { key };
  }

  /** Asks a loaded module about a page: its answer, or an error when it failed, refused or was late. */
  async describe(module: SandboxedModule, request: PageRequest): Promise<PageResult> {
    const struck = this.strikes.get(module.key);
    if (struck && struck.until > this.now()) {
      throw new Error(
        `${module.key}: not asked until ${new Date(struck.until).toISOString()} (${STRIKES} failures in a row)`,
      );
    }
    const message = { type: 'render', key: module.key, request: JSON.stringify(request), timeout: RENDER_TIMEOUT_MS };
    try {
      let reply = await this.send(message, RENDER_TIMEOUT_MS);
      if (reply.unknown) {
        // a new worker (the last one failed): the module is evaluated again first
        const source = this.sources.get(module.key);
        if (source === undefined) throw new Error(`${module.key}: not loaded`);
        await this.send({ type: 'load', key: module.key, source, timeout: LOAD_TIMEOUT_MS }, LOAD_TIMEOUT_MS);
        reply = await this.send(message, RENDER_TIMEOUT_MS);
      }
      this.strikes.delete(module.key);
      return reply.result == null ? null : (JSON.parse(reply.result) as PageResult);
    } catch (error) {
      if (error instanceof Error && COSTLY.test(error.message)) this.strike(module.key);
      throw error;
    }
  }

  private strike(key: string): void {
    const count = (this.strikes.get(key)?.count ?? 0) + 1;
    this.strikes.set(key, { count, until: count >= STRIKES ? this.now() + BENCH_MS : 0 });
  }

  /** Forgets modules no remote uses any more (a redeployment replaced them). */
  forget(module: SandboxedModule): void {
    this.sources.delete(module.key);
  }

  /** Ends the worker (tests; a server that stops). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error('the preview sandbox was closed'));
    await worker?.terminate();
  }

  private send(message: Record<string, unknown>, timeoutMs: number): Promise<Reply> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      // the worker's own limit stops a busy script; this one also stops a worker that no longer answers
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`no answer within ${timeoutMs} ms`));
        this.restart(worker);
      }, timeoutMs + 500);
      this.pending.set(id, {
        resolve: (reply) => (reply.ok ? resolve(reply) : reject(new Error(reply.error ?? 'the module failed'))),
        reject,
        timer,
      });
      worker.postMessage({ ...message, id });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_FILE, {
      env: {},
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      clearTimeout(pending.timer);
      pending.resolve(reply);
    });
    const failed = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failAll(error);
    };
    worker.on('error', failed); // out of memory, among others
    worker.on('exit', (code) => failed(new Error(`the preview worker stopped (${code})`)));
    this.worker = worker;
    return worker;
  }

  private restart(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.failAll(new Error('the preview worker was late and was ended'));
    void worker.terminate();
  }

  private failAll(error: Error): void {
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(error);
      this.pending.delete(id);
    }
  }
}

/** The shell server's one sandbox. */
export const previewSandbox = new PreviewSandbox();
