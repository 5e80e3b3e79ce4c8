// The part of this feature the shell's entry may import: it runs before the bootstrap chunk, so it
// must not touch a shared module (React, @lab/*), which are only negotiated by then.
import { pageRemoteAt } from './pages';
import { loadExposed } from './registry';
import type { RemoteName } from './types';

/**
 * Starts loading the remote page of the URL the visitor landed on while the shell's own chunks still
 * download, instead of after they have run (README "Performance"). The page's slot loads the same
 * module (the runtime hands it the one in flight) and is the one that reports a failure.
 */
export function startLandingPage(pathname: string): void {
  const page = pageRemoteAt(pathname);
  if (!page) return;
  loadExposed<RemoteName, never>(page.remote, page.module as never).catch(() => undefined);
}
