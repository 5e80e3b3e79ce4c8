// What `npm start`, `npm test` and `npm run dev` check before they install or build anything, so that a
// person meets each set-up problem as one line that says what to do, not as a stack trace minutes later.
// Node's own modules only: this runs on a fresh clone, before the install.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';

/** The oldest Node.js major version the project runs on (package.json "engines"). */
export const NODE_MAJOR = 20;

/** Stops at once when this Node.js is older than the project supports. */
export function checkNode(version = process.versions.node) {
  const major = Number(version.split('.')[0]);
  if (major >= NODE_MAJOR) return;
  fail(
    `Node.js ${NODE_MAJOR} or newer is needed, this is ${version}: install Node.js ${NODE_MAJOR} (https://nodejs.org, or \`nvm install ${NODE_MAJOR}\`) and run the command again`,
  );
}

export function fail(line) {
  console.error(`\n✖ ${line}\n`);
  process.exit(1);
}

/** Whether something already listens on the port (any address: the servers listen on all of them). */
export function portIsTaken(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error) => resolve(error.code === 'EADDRINUSE' || error.code === 'EACCES'));
    probe.listen({ port, exclusive: true }, () => probe.close(() => resolve(false)));
  });
}

/** The inodes of the sockets listening on a TCP port, from /proc/net/tcp and tcp6 (Linux). */
function listeningInodes(port) {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is "ADDR:PORT"; state 0A is LISTEN; the inode is the tenth field
      if (fields.length > 9 && fields[1].endsWith(`:${hex}`) && fields[3] === '0A') inodes.add(fields[9]);
    }
  }
  return inodes;
}

/** The process holding a listening port: `{ pid, command }`, or null where it cannot be seen. */
export function holderOf(port) {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return null;
  let pids;
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  for (const pid of pids) {
    let fds;
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's
    }
    for (const fd of fds) {
      let target;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) {
        let command = '';
        try {
          command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
        } catch {
          // the process ended meanwhile
        }
        return { pid: Number(pid), command: command.length > 120 ? `${command.slice(0, 117)}...` : command };
      }
    }
  }
  return null;
}

/**
 * Stops at once when a port the command needs is taken: `wanted` is `[{ port, what, setting }]`, where
 * `setting` is the environment variable that moves it; `command` is how the person started it.
 */
export async function checkPorts(wanted, command = 'npm start') {
  const lines = [];
  for (const { port, what, setting } of wanted) {
    if (!(await portIsTaken(port))) continue;
    const holder = holderOf(port);
    const by = holder ? ` by process ${holder.pid}${holder.command ? ` (${holder.command})` : ''}` : '';
    lines.push(
      `port ${port} (${what}) is taken${by}: stop it, or move ${what} with ${setting}=<free port>, e.g. \`${setting}=${port + 10} ${command}\``,
    );
  }
  if (lines.length > 0) fail(lines.join('\n✖ '));
}
