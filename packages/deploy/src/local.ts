// How the operator's commands (npm run release/promote/canary/rollback) reach the deploy API: with
// DEPLOY_URL and DEPLOY_TOKEN, that server; without, the API started in this process on an ephemeral
// loopback port with a one-off operator credential (whoever runs the command holds the releases folder
// and the database already), called over HTTP all the same: one code path for every move.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { mover } from '@lab/releases';
import { createDeployApi } from './app';
import { DeployClient, DeployError } from './deploy.mjs';

export { DeployClient, DeployError, said } from './deploy.mjs';

/** Runs `work(client)` against the API the environment names, or one of its own; returns what it returns. */
export async function withDeployApi<T>(work: (client: DeployClient) => Promise<T>, env = process.env): Promise<T> {
  if (env.DEPLOY_URL || env.DEPLOY_TOKEN) {
    if (!env.DEPLOY_URL || !env.DEPLOY_TOKEN) {
      throw new DeployError('DEPLOY_URL and DEPLOY_TOKEN go together (or set neither to move from this machine)', {
        code: 'usage',
      });
    }
    return work(new DeployClient(env.DEPLOY_URL, env.DEPLOY_TOKEN));
  }
  const credential = `labop_${randomBytes(32).toString('base64url')}`;
  const api = await createDeployApi({ operator: { credential, name: mover() }, rateLimit: false });
  await api.listen({ host: '127.0.0.1', port: 0 });
  try {
    const { port } = api.server.address() as AddressInfo;
    return await work(new DeployClient(`http://127.0.0.1:${port}`, credential));
  } finally {
    await api.close();
  }
}

/** A command's end: a refusal printed as one line (✖ …) and exit code 1; anything else is a crash. */
export function reportRefusal(error: unknown): void {
  if (!(error instanceof DeployError)) throw error;
  console.error(`✖ ${error.message}`);
  process.exitCode = 1;
}
