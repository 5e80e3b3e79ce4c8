// Lints an OpenAPI document read from stdin with Redocly's `recommended` ruleset; prints the problems
// as JSON ([{ severity, ruleId, message, pointer }]). A script of its own: @redocly/openapi-core is
// ESM only, which the jest tests (CommonJS through swc) cannot import.
import { createConfig, lintFromString } from '@redocly/openapi-core';

let source = '';
for await (const chunk of process.stdin) source += chunk;
const config = await createConfig({ extends: ['recommended'] });
const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
console.log(
  JSON.stringify(
    problems.map((problem) => ({
      severity: problem.severity,
      ruleId: problem.ruleId,
      message: problem.message,
      pointer: problem.location?.[0]?.pointer ?? null,
    })),
  ),
);
