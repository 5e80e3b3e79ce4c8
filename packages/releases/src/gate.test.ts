// The gate's type check is run again whenever anything it reads changed: the key that remembers a pass
// names every remote's type hints and every file of the checkout tsc reads.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkKey } from './gate';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gate-key-'));
  mkdirSync(join(dir, 'src', 'features'), { recursive: true });
  writeFileSync(join(dir, 'src', 'features', 'Header.tsx'), 'export const a = 1;');
  writeFileSync(join(dir, 'tsconfig.json'), '{}');
  writeFileSync(join(dir, 'catalog.zip'), 'hints of the catalogue');
  writeFileSync(join(dir, 'cart.zip'), 'hints of the cart');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const key = () =>
  checkKey({ mf_catalog: join(dir, 'catalog.zip'), mf_cart_checkout: join(dir, 'cart.zip') }, [
    join(dir, 'src'),
    join(dir, 'tsconfig.json'),
  ]);

describe('the key a passed type check is remembered by', () => {
  it('is the same for the same hints and the same checkout', () => {
    expect(key()).toBe(key());
  });

  it('changes with one remote’s type hints', () => {
    const before = key();
    writeFileSync(join(dir, 'cart.zip'), 'hints of the cart, a prop renamed');
    expect(key()).not.toBe(before);
  });

  it('changes with a source file of the shell, a new one, or the settings', () => {
    const keys = [key()];
    writeFileSync(join(dir, 'src', 'features', 'Header.tsx'), 'export const a = 2;');
    keys.push(key());
    writeFileSync(join(dir, 'src', 'features', 'Footer.tsx'), 'export const b = 1;');
    keys.push(key());
    writeFileSync(join(dir, 'tsconfig.json'), '{ "compilerOptions": { "strict": true } }');
    keys.push(key());
    expect(new Set(keys).size).toBe(4);
  });

  it('reads nothing under node_modules (the cache itself lives there)', () => {
    const before = key();
    mkdirSync(join(dir, 'src', 'node_modules'));
    writeFileSync(join(dir, 'src', 'node_modules', 'passed'), '');
    expect(key()).toBe(before);
  });
});
