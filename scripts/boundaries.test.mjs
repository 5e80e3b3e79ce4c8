// node --test scripts/boundaries.test.mjs: the boundaries lint refuses planted imports and passes the repository.
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { checkBoundaries, emitterViolations, importsOf, violationsOf } from './boundaries.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

test('the repository keeps to its boundaries', () => {
  assert.deepEqual(checkBoundaries(root), []);
});

test('a planted deep import of another feature is refused; through its index it passes', () => {
  const file = 'mf-catalog/src/features/home/Planted.tsx';
  assert.match(
    violationsOf(file, "import { PriceTag } from '../service-card/PriceTag';").join('\n'),
    /a feature is used through its index\.ts/,
  );
  assert.deepEqual(violationsOf(file, "import { PriceTag } from '../service-card';"), []);
  assert.deepEqual(violationsOf(file, "import styles from './Home.module.css';"), []);
});

test('an app importing another app is refused, and so is a package importing an app', () => {
  assert.match(
    violationsOf(
      'mf-account/src/features/orders/Planted.tsx',
      "import { CartPage } from '../../../../mf-cart-checkout/src/exposed/CartPage';",
    ).join(''),
    /an app imports no other app \(mf-cart-checkout\)/,
  );
  assert.match(
    violationsOf('packages/ui/src/Planted.ts', "export { Layout } from '../../../shell/src/features/layout';").join(''),
    /a package imports no app \(shell\)/,
  );
  assert.match(
    violationsOf('mf-auth/src/app/Planted.ts', "const lazy = () => import('../../../mf-account/src/exposes');").join(
      '',
    ),
    /an app imports no other app/,
  );
});

test('a package reaching into another package or into scripts/ by a relative path is refused; by name it passes', () => {
  assert.match(
    violationsOf('packages/deploy/src/Planted.ts', "import { promote } from '../../releases/src/moves';").join(''),
    /another package is imported by its name \(@lab\/…\), not a relative path into packages\/releases/,
  );
  assert.match(
    violationsOf('packages/deploy/src/routes/Planted.mjs', "import { apps } from '../../../../scripts/lib.mjs';").join(
      '',
    ),
    /a package imports nothing of scripts\//,
  );
  assert.deepEqual(violationsOf('packages/deploy/src/Planted.ts', "import { promote } from '@lab/releases';"), []);
  assert.deepEqual(violationsOf('packages/deploy/src/Planted.ts', "import { refusals } from './errors';"), []);
});

test("a remote's exposes cross only as types", () => {
  assert.deepEqual(
    violationsOf('shell/src/features/remotes/types.ts', "import type { ExposedModules } from '@remote/mf_auth';"),
    [],
  );
  assert.match(
    violationsOf('shell/src/features/remotes/Planted.ts', "import { ExposedModules } from '@remote/mf_auth';").join(''),
    /as types only/,
  );
});

test('reads every kind of import', () => {
  const source = [
    "import a from './a';",
    "import type { B } from './b';",
    "export { c } from './c';",
    "export * from './d';",
    "import './e.css';",
    "const f = await import('./f');",
    "const g = require('./g');",
  ].join('\n');
  assert.deepEqual(
    importsOf(source).map((entry) => entry.specifier),
    ['./a', './b', './c', './d', './e.css', './f', './g'],
  );
  assert.equal(importsOf(source)[1]?.typeOnly, true);
});

test("a shared package's src is refused; its exports map's entries pass", () => {
  const file = 'packages/server/src/domain/Planted.ts';
  assert.match(violationsOf(file, "import { Type } from '@lab/api/src/contract';").join(''), /through its exports map/);
  assert.deepEqual(violationsOf(file, "import { Type } from '@lab/api/contract';"), []);
});

test('an event emitted by a second file is refused; one emitter and any number of listeners pass', () => {
  const emitter = ['packages/api/src/hooks/announce.ts', "bus.emit('cart:changed', { cartId });"];
  const listener = ['mf-cart-checkout/src/features/cart/Badge.tsx', "useBusEvent('cart:changed', refresh);"];
  assert.deepEqual(emitterViolations([emitter, listener]), []);
  const second = ['mf-catalog/src/features/cart/Planted.ts', "bus.emit(\n  'cart:changed', { cartId: null });"];
  assert.match(
    emitterViolations([emitter, listener, second]).join(''),
    /"cart:changed" is emitted by .*announce\.ts, .*Planted\.ts/,
  );
  const kept = ['mf-account/src/features/profile/Planted.tsx', "emitOrKeep('auth:open', { fromCheckout: false });"];
  const own = ['packages/api/src/hooks/announce.ts', "emitOrKeep('auth:open', { fromCheckout });"];
  assert.match(emitterViolations([own, kept]).join(''), /"auth:open" is emitted by/);
  // a test may emit what it needs
  assert.deepEqual(emitterViolations([own, ['mf-auth/src/test/setup.tsx', "emitOrKeep('auth:open', {});"]]), []);
});
