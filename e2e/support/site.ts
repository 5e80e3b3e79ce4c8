import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_ORIGIN } from './api';
import { repoRoot } from './paths';
import { shifted } from './ports';

export { repoRoot } from './paths';

export const APPS = [
  { name: 'shell', dir: 'shell', offset: 0 },
  { name: 'mf_catalog', dir: 'mf-catalog', offset: 1 },
  { name: 'mf_cart_checkout', dir: 'mf-cart-checkout', offset: 2 },
  { name: 'mf_account', dir: 'mf-account', offset: 3 },
  { name: 'mf_auth', dir: 'mf-auth', offset: 4 },
] as const;

export type AppName = (typeof APPS)[number]['name'];

type Options = {
  /** the shell's port (moved by E2E_PORT_SHIFT); the remotes take the next four */
  basePort: number;
  /** serve an app from another folder than its dist (a "deployment") */
  roots?: Partial<Record<AppName, string>>;
  apiTarget?: string;
  /**
   * the releases folder (@lab/releases) whose deployment.json the shell follows and whose
   * releases the remotes serve; by default one that does not exist: what a developer promoted in the
   * repository's releases/ never leaks into a journey
   */
  releases?: string;
  /** more environment for the servers (the shell's: DATABASE_URL puts its deployment in PostgreSQL) */
  env?: NodeJS.ProcessEnv;
};

/** The built apps served by the production-like static server, each on its own origin. */
export class Site {
  private readonly children = new Map<AppName | `shell@${number}`, ChildProcess>();

  constructor(private readonly options: Options) {}

  port(name: AppName): number {
    const app = APPS.find((candidate) => candidate.name === name);
    if (!app) throw new Error(`unknown app ${name}`);
    return shifted(this.options.basePort) + app.offset;
  }

  origin(name: AppName): string {
    return `http://localhost:${this.port(name)}`;
  }

  get url(): string {
    return this.origin('shell');
  }

  root(name: AppName): string {
    const app = APPS.find((candidate) => candidate.name === name);
    return this.options.roots?.[name] ?? join(repoRoot, app?.dir ?? '', 'dist');
  }

  async startAll(): Promise<void> {
    await Promise.all(APPS.map((app) => this.start(app.name)));
  }

  /**
   * Another instance of the shell's server, on `port` (moved by E2E_PORT_SHIFT), with the same remotes,
   * API and deployment: two instances behind a load balancer. Returns its origin.
   */
  async startShellAt(port: number, env: NodeJS.ProcessEnv = {}): Promise<string> {
    await this.start('shell', shifted(port), env);
    return `http://localhost:${shifted(port)}`;
  }

  async start(name: AppName, port = this.port(name), env: NodeJS.ProcessEnv = {}): Promise<void> {
    const root = this.root(name);
    if (!existsSync(join(root, 'mf-manifest.json'))) {
      throw new Error(`${root} has no build: run the production build first (npm test does)`);
    }
    const common = ['--root', root, '--port', String(port)];
    // an instance of its own disk (RELEASES_DIR in `env`), else the site's folder
    const releases = env.RELEASES_DIR ?? this.options.releases ?? join(tmpdir(), 'lab-e2e-no-releases');
    let command: string[];
    if (name === 'shell') {
      const remotes = APPS.filter((app) => app.name !== 'shell').map(
        (app) => `${app.name}=${this.origin(app.name)}/mf-manifest.json`,
      );
      command = [
        join(repoRoot, 'shell/node_modules/.bin/tsx'),
        join(repoRoot, 'shell/server/main.ts'),
        ...common,
        '--remotes',
        remotes.join(','),
        '--api',
        this.options.apiTarget ?? API_ORIGIN,
        '--releases',
        releases,
      ];
    } else {
      const app = APPS.find((candidate) => candidate.name === name);
      command = [
        process.execPath,
        // the release store it serves from is @lab/releases's TypeScript
        '--import',
        pathToFileURL(join(repoRoot, 'packages/releases/register.mjs')).href,
        join(repoRoot, 'packages/serve/src/cli.mjs'),
        ...common,
        '--cors',
        '--releases',
        join(releases, app?.dir ?? name),
        '--app',
        app?.dir ?? name,
      ];
    }
    const [executable = process.execPath, ...args] = command;
    const child = spawn(executable, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...this.options.env, ...env },
    });
    this.children.set(port === this.port(name) ? name : `shell@${port}`, child);
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`${name} server exited with ${code}`)));
      child.stdout?.once('data', () => resolve());
    });
  }

  async stop(name: AppName | `shell@${number}`): Promise<void> {
    const child = this.children.get(name);
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    this.children.delete(name);
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.children.keys()].map((name) => this.stop(name)));
  }
}
