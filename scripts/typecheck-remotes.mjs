// npm run typecheck:remotes: the shell type-checked against the type hints of the live remotes (their
// promoted releases, else their builds), as the promotion gate does for a candidate release.
import { relative } from 'node:path';
import { loadTs, root } from './lib.mjs';

const { checkShellAgainst, commandLine, liveTypeFolders, readDeployment } = await loadTs('@lab/releases');
commandLine(
  `usage: npm run typecheck:remotes
  the shell type-checked against the type hints of the live remotes (their promoted releases, else their
  builds), as the gate does; RELEASES_DIR, DEPLOYMENT_DATABASE_URL or DATABASE_URL say what is live`,
  {},
);
const folders = await liveTypeFolders(await readDeployment());
console.log('▶ the shell against the live remotes’ type hints');
for (const [name, folder] of Object.entries(folders)) {
  console.log(`  ${name}: ${folder.startsWith(`${root}/`) ? relative(root, folder) : folder}`);
}
const { ok, problems } = await checkShellAgainst(folders);
for (const line of problems) console.log(`  ${line}`);
if (!ok) process.exit(1);
console.log('  the shell mounts what every live remote exposes');
