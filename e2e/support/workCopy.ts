import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths';

/**
 * A copy of an app's source as its team has it, inside the app's folder (so that its packages
 * resolve), with its tsconfig pointing at the shared settings by absolute path: the build's type hints
 * run the type checker over it.
 */
export class WorkCopy {
  readonly dir: string;

  constructor(
    readonly app: string,
    name: string,
  ) {
    this.dir = join(repoRoot, app, `.e2e-${name}`);
  }

  /** `more`: what else its build reads (the shell's public/, its document's skeleton and icons). */
  create(more: readonly string[] = []): void {
    this.remove();
    for (const entry of ['src', 'webpack.config.js', 'package.json', ...more]) {
      cpSync(join(repoRoot, this.app, entry), join(this.dir, entry), { recursive: true });
    }
    const config = join(repoRoot, 'packages', 'config');
    const tsconfig = { extends: join(config, 'tsconfig.base.json'), include: ['src', join(config, 'types')] };
    writeFileSync(join(this.dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  }

  /** Changes one source file; the change must apply. */
  edit(file: string, change: (source: string) => string): void {
    const path = join(this.dir, file);
    const source = readFileSync(path, 'utf8');
    const changed = change(source);
    if (changed === source) throw new Error(`the change to ${file} did not apply`);
    writeFileSync(path, changed);
  }

  /** A production build into `outputPath`, as the team's CI would make it. */
  build(outputPath: string): void {
    execFileSync(join(repoRoot, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], {
      cwd: this.dir,
      env: { ...process.env, OUTPUT_PATH: outputPath },
      stdio: 'inherit',
    });
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
