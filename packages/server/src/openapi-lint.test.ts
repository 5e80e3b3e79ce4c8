/**
 * The OpenAPI document is the integrators' contract: it passes Redocly's `recommended` ruleset with no
 * error (a summary and tags on every operation, the session cookie declared and required on the private
 * calls, servers, a licence).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { useTestApp } from './test-support/harness';

type Problem = { severity: 'error' | 'warn'; ruleId: string; message: string; pointer: string | null };

const t = useTestApp();

function lint(document: string): Problem[] {
  const script = path.join(__dirname, '..', 'scripts', 'lint-openapi.mjs');
  return JSON.parse(execFileSync(process.execPath, [script], { input: document, encoding: 'utf8' })) as Problem[];
}

describe('/api/openapi.json', () => {
  it('has no error under the recommended ruleset; its only warnings are the look-alike paths of docs/product.md#calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const problems = lint(res.body);
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    // docs/product.md#calls names both paths of each pair; a router tells them apart by the literal segment
    expect(problems.map((problem) => problem.ruleId)).toEqual(['no-ambiguous-paths', 'no-ambiguous-paths']);
  });

  it('requires the session cookie on every private call, the API key on the results intake, and nothing elsewhere', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
      paths: Record<string, Record<string, { security: unknown[]; summary: string; tags: string[] }>>;
    };
    expect(document.components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'lab_session',
    });
    for (const [url, operations] of Object.entries(document.paths)) {
      for (const operation of Object.values(operations)) {
        expect(operation.security).toEqual(
          url.startsWith('/api/private/') ? [{ session: [] }] : url.startsWith('/api/lis/') ? [{ lisApiKey: [] }] : [],
        );
        expect(operation.summary.length).toBeGreaterThan(10);
      }
    }
  });

  it('fails a document that has no summary: the lint can fail', () => {
    const broken = {
      openapi: '3.1.0',
      info: { title: 'x', version: '1', license: { name: 'MIT', identifier: 'MIT' } },
      servers: [{ url: '/' }],
      paths: {
        '/a': { get: { operationId: 'a', tags: ['t'], security: [], responses: { 200: { description: 'ok' } } } },
      },
      tags: [{ name: 't', description: 't' }],
    };
    expect(lint(JSON.stringify(broken)).map((problem) => `${problem.severity} ${problem.ruleId}`)).toContain(
      'error operation-summary',
    );
  });
});
