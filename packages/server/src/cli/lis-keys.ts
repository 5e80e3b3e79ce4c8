/**
 * The operator's tool for the laboratory systems' API keys (on PGlite, stop the server first: one
 * process owns its folder; on PostgreSQL it runs beside the servers):
 *
 *   tsx src/cli/lis-keys.ts create --system central-lab --name 2026-11 [--title "Центральна лабораторія"]
 *                                  [--settlements 1,4]     a new key, printed once (only its hash is kept)
 *   tsx src/cli/lis-keys.ts list                           systems' keys: name, prefix, created, last used
 *   tsx src/cli/lis-keys.ts revoke --system central-lab --name 2026-11
 *
 * Rotation: create a key with a new name, switch the LIS over to it, revoke the old one. `--settlements`
 * limits the system to those settlements' orders (a regional laboratory); without it, every order.
 */
import { parseArgs } from 'node:util';
import { serverEnv } from '../config';
import { migrate } from '../db/migrate';
import { describeDatabase, openDatabase } from '../db/open';
import { createLisRepository, newLisKey } from '../repositories/lis';

const USAGE = `usage:
  lis-keys create --system <key> --name <key name> [--title <text>] [--settlements <id,id>]
  lis-keys list
  lis-keys revoke --system <key> --name <key name>`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      system: { type: 'string' },
      name: { type: 'string' },
      title: { type: 'string' },
      settlements: { type: 'string' },
    },
  });
  const [command] = positionals;
  if (command !== 'create' && command !== 'list' && command !== 'revoke') {
    console.error(USAGE);
    return 2;
  }
  const env = serverEnv();
  const db = await openDatabase(env);
  try {
    console.error(`database: ${describeDatabase(env)}`);
    await migrate(db);
    const lis = createLisRepository(db, () => new Date());
    if (command === 'list') {
      for (const key of await lis.listKeys()) {
        const state = key.revokedAt ? `revoked ${key.revokedAt}` : `last used ${key.lastUsedAt ?? 'never'}`;
        console.log(`${key.system}\t${key.name}\t${key.prefix}…\tcreated ${key.createdAt}\t${state}`);
      }
      return 0;
    }
    if (!values.system || !values.name) {
      console.error(USAGE);
      return 2;
    }
    if (command === 'revoke') {
      const revoked = await lis.revokeKey(values.system, values.name);
      console.error(
        revoked ? `revoked ${values.system}/${values.name}` : `no live key ${values.system}/${values.name}`,
      );
      return revoked ? 0 : 1;
    }
    const settlementIds = values.settlements
      ? values.settlements.split(',').map((part) => {
          const id = Number(part.trim());
          if (!Number.isInteger(id) || id < 1) throw new Error(`--settlements: "${part}" is not a settlement id`);
          return id;
        })
      : null;
    const systemId = await lis.upsertSystem({
      key: values.system,
      title: values.title ?? values.system,
      settlementIds,
    });
    const key = newLisKey();
    await lis.addKey(systemId, values.name, key);
    console.error(`a new key ${values.system}/${values.name}; it is shown only now, keep it in the LIS's secrets:`);
    console.log(key);
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
