// The shell's server's operations port (--metrics-port, SHELL_METRICS_PORT; bound to 127.0.0.1 unless
// SHELL_METRICS_HOST says otherwise), apart from the public site as the API's is:
//   GET /metrics  Prometheus text: the deployment this instance serves, its failed reads (and since when
//                 they fail), its moves seen
// Four series in the text format are written here rather than with prom-client (the API's library):
// the shell's server would carry it and its default collectors for these lines.
import { createServer, type Server } from 'node:http';
import type { DeploymentSource } from '@lab/releases';

const unreadableSince = (source: DeploymentSource): number => {
  const unreadable = source.unreadable();
  return unreadable ? Date.parse(unreadable.since) / 1000 : 0;
};

export function deploymentMetrics(source: DeploymentSource, changes: () => number): string {
  const store = `{store="${source.store}"}`;
  return [
    '# HELP lab_shell_deployment_version The version of the deployment (the live pointer) this instance serves.',
    '# TYPE lab_shell_deployment_version gauge',
    `lab_shell_deployment_version${store} ${source.current().version}`,
    '# HELP lab_shell_deployment_read_errors_total Failed reads of the deployment (the last good one is served meanwhile).',
    '# TYPE lab_shell_deployment_read_errors_total counter',
    `lab_shell_deployment_read_errors_total${store} ${source.readErrors()}`,
    '# HELP lab_shell_deployment_unreadable_since_seconds Since when (Unix time) the deployment cannot be read; 0 while it can.',
    '# TYPE lab_shell_deployment_unreadable_since_seconds gauge',
    `lab_shell_deployment_unreadable_since_seconds${store} ${unreadableSince(source)}`,
    '# HELP lab_shell_deployment_changes_total Moves of the deployment this instance has followed since it started.',
    '# TYPE lab_shell_deployment_changes_total counter',
    `lab_shell_deployment_changes_total${store} ${changes()}`,
    '',
  ].join('\n');
}

/** Listens on the operations port; `changes` counts the moves followed. */
export function startOpsPort(port: number, host: string, source: DeploymentSource, changes: () => number): Server {
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/metrics') {
      response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
      response.end(deploymentMetrics(source, changes));
      return;
    }
    response.writeHead(404).end();
  });
  server.listen(port, host);
  return server;
}
