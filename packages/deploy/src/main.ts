// The deploy API's own process (cli.mjs starts it; npm start runs it), on DEPLOY_PORT (4100) and
// DEPLOY_HOST (127.0.0.1). Its own process rather than a route of the shell's server: it holds the
// database's write credentials and the releases, which the visitors' server needs neither of, and it can
// be scaled, restarted and firewalled apart from the site.
import consolePlugin from '@lab/console/server';
import { commandLine, openTokenStore, releasesDir } from '@lab/releases';
import { createDeployApi } from './app';

/** Starts the API; it runs until SIGINT or SIGTERM. */
export async function main(): Promise<void> {
  commandLine(
    `usage: npm run deploy:api
  the deploy API on DEPLOY_HOST (127.0.0.1):DEPLOY_PORT (4100), with the teams' console at /console;
  tokens, releases and the live pointer in PostgreSQL with DEPLOYMENT_DATABASE_URL or DATABASE_URL, else in
  RELEASES_DIR (releases/); DEPLOY_RATE_LIMIT (120 a minute), DEPLOY_UPLOAD_LIMIT_MB (100), DEPLOY_LOG=1`,
    {},
  );
  const port = Number(process.env.DEPLOY_PORT || 4100);
  const host = process.env.DEPLOY_HOST || '127.0.0.1';
  const tokens = await openTokenStore({ releasesDir: releasesDir() });
  // the teams' console (packages/console): its page at /console and the two reads it needs
  const api = await createDeployApi({
    tokens,
    logger: process.env.DEPLOY_LOG === '1',
    plugins: [consolePlugin],
  });
  await api.listen({ port, host });
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.log(
    `deploy API on http://${shown}:${port} (tokens: ${tokens.kind === 'postgres' ? 'PostgreSQL' : `${releasesDir()}/tokens.json`}; OpenAPI: /v1/openapi.json; console: /console)`,
  );
  const stop = async () => {
    await api.close();
    await tokens.close();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
}
