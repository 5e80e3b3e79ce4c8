// npm run deploy:token -- create --team catalogue --name ci --apps mf-catalog   (prints the token once)
//                         list | rotate <id> | revoke <id>
// The operator's tokens for the deploy API, in the store the API reads (@lab/releases): PostgreSQL with
// DEPLOYMENT_DATABASE_URL or DATABASE_URL, else releases/tokens.json. A rotated secret and a revoked
// token are refused from the next request on, by every instance.
import { commandLine, openTokenStore, releasesDir, type Token, TokenError } from '@lab/releases';

const USAGE = `usage: npm run deploy:token -- create --team <team> --name <name> --apps <app,app|*>
                           | list | rotate <id> | revoke <id>
  create   a token that may move the apps named (* : every app and the shell); printed once
  list     every token: id, team/name, apps, state, when made, rotated, last used
  rotate   a new secret for <id>, printed once; the old one is refused from now on
  revoke   <id> is refused from now on
  kept in PostgreSQL with DEPLOYMENT_DATABASE_URL or DATABASE_URL, else in RELEASES_DIR/tokens.json`;

/** One command, its answer printed; a refusal sets exit code 1. */
export async function main(): Promise<void> {
  const { values, positionals } = commandLine(USAGE, {
    team: { type: 'string' },
    name: { type: 'string' },
    apps: { type: 'string' },
  });
  const [command, id, ...rest] = positionals;
  const tokens = await openTokenStore({ releasesDir: releasesDir() });
  const where = tokens.kind === 'postgres' ? 'PostgreSQL' : `${releasesDir()}/tokens.json`;
  const stateOf = (token: Token) => (token.revokedAt ? `revoked ${token.revokedAt}` : 'active');
  try {
    if (rest.length) throw new TokenError(USAGE);
    if (command === 'create' && !id) {
      const { token, record } = await tokens.create({
        team: values.team,
        name: values.name,
        apps: (values.apps ?? '')
          .split(',')
          .map((app) => app.trim())
          .filter(Boolean),
      });
      console.error(
        `token ${record.id} for ${record.team}/${record.name}, may move ${record.apps.join(', ')} (kept in ${where});`,
      );
      console.error('shown once: keep it in your pipeline’s secrets as DEPLOY_TOKEN');
      console.log(token);
    } else if (command === 'list' && !id) {
      const all = await tokens.list();
      if (all.length === 0) console.log(`no tokens in ${where}`);
      for (const token of all) {
        console.log(
          [
            token.id,
            `${token.team}/${token.name}`,
            token.apps.join(','),
            stateOf(token),
            `created ${token.createdAt}`,
            token.rotatedAt ? `rotated ${token.rotatedAt}` : '',
            token.lastUsedAt ? `last used ${token.lastUsedAt}` : 'never used',
          ]
            .filter(Boolean)
            .join('  '),
        );
      }
    } else if (command === 'rotate' && id) {
      const { token, record } = await tokens.rotate(id);
      console.error(
        `token ${record.id} (${record.team}/${record.name}) has a new secret; the old one is refused from now on`,
      );
      console.log(token);
    } else if (command === 'revoke' && id) {
      const record = await tokens.revoke(id);
      console.log(
        `token ${record.id} (${record.team}/${record.name}) revoked at ${record.revokedAt}: refused from now on`,
      );
    } else {
      throw new TokenError(USAGE);
    }
  } catch (error) {
    if (!(error instanceof TokenError)) throw error;
    console.error(`✖ ${error.message}`);
    process.exitCode = 1;
  } finally {
    await tokens.close();
  }
}
