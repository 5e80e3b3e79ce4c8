/**
 * One apostrophe in Ukrainian: every app's ua resources write it as ’ (U+2019), never ' ʼ or `, so that
 * a word looks and searches the same wherever it appears ("Ім’я" in a label and in an error).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const OTHER_APOSTROPHES = /[\p{Script=Cyrillic}]['ʼ`][\p{Script=Cyrillic}]/u;

/** Every ua.json of the apps and packages (not their dependencies or builds). */
function uaResources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return uaResources(full);
    return entry.name === 'ua.json' ? [full] : [];
  });
}

/** The strings of a resource with their key paths. */
function strings(value: unknown, at: string): Array<[string, string]> {
  if (typeof value === 'string') return [[at, value]];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, at ? `${at}.${key}` : key));
  }
  return [];
}

const files = ['shell', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-auth', 'packages'].flatMap((dir) =>
  uaResources(path.join(ROOT, dir)),
);

describe('the Ukrainian resources', () => {
  it('are found for every app', () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
  });

  it.each(files.map((file) => [path.relative(ROOT, file)]))('%s writes the apostrophe as ’ only', (file) => {
    const texts = strings(JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')), '');
    const wrong = texts.filter(([, text]) => OTHER_APOSTROPHES.test(text)).map(([key, text]) => `${key}: ${text}`);
    expect(wrong).toEqual([]);
  });
});
