/**
 * One address in front of several API instances, as a load balancer puts them: each request goes to
 * the next instance in turn (so one customer's requests land on every instance), headers and bodies
 * as they are. The customers' X-Forwarded-For passes through: the instances trust loopback proxies.
 * Prints nothing; a request an instance cannot take is answered 502 (the runner counts it as a 5xx).
 */
import { Agent, createServer, request as forward, type Server } from 'node:http';

export interface RoundRobinProxy {
  readonly url: string;
  /** Requests sent to each instance, in the order of `upstreams`. */
  readonly counts: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(port: number, upstreams: readonly string[]): Promise<RoundRobinProxy> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const targets = upstreams.map((upstream) => new URL(upstream));
  const counts = targets.map(() => 0);
  let next = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const index = next++ % targets.length;
    const target = targets[index] as URL;
    counts[index] = (counts[index] ?? 0) + 1;
    const upstream = forward(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host },
        agent,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'application/json' });
      outgoing.end('{"code":"bad-gateway","message":"bad gateway"}');
    });
    incoming.pipe(upstream);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
