/** @jest-environment node */
import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { PAGE_PREVIEW_STALE_ATTRIBUTE } from '../src/features/remotes/headless';
import { previewGuardScript, styleAttributeSources } from './previewHead';

describe('the CSP sources for the preview’s style attributes', () => {
  const hash = (value: string) => `'sha256-${createHash('sha256').update(value).digest('base64')}'`;

  it('allows each distinct style attribute by the hash of its decoded value', () => {
    const html =
      '<div style="height:12px"><span style="height:12px"></span>' +
      '<i style="font-family:&quot;Inter&quot;;content:&#x27;&lt;&gt;&amp;&#x27;"></i></div>';
    expect(styleAttributeSources(html)).toEqual([
      "'unsafe-hashes'",
      hash('height:12px'),
      hash(`font-family:"Inter";content:'<>&'`),
    ]);
  });

  it('decodes an entity once: an escaped ampersand before "quot;" stays "&quot;"', () => {
    expect(styleAttributeSources('<p style="content:&amp;quot;"></p>')).toEqual([
      "'unsafe-hashes'",
      hash('content:&quot;'),
    ]);
  });

  it('needs nothing without style attributes, and a data-style is not one', () => {
    expect(styleAttributeSources('<section><h1 class="title">Аналізи</h1></section>')).toEqual([]);
    expect(styleAttributeSources('<div data-style="height:1px"></div>')).toEqual([]);
  });
});

/** Runs a guard script as the browser would, in a page whose storage holds `stored`; gives the attributes set on <html>. */
function runGuard(script: string, stored: Record<string, string> | 'throws'): [string, string][] {
  const set: [string, string][] = [];
  const localStorage = { getItem: (key: string) => (stored === 'throws' ? null : (stored[key] ?? null)) };
  const window = {};
  // storage a privacy mode forbids: reading window.localStorage throws
  Object.defineProperty(window, 'localStorage', {
    get: () => {
      if (stored === 'throws') throw new Error('SecurityError: access is denied');
      return localStorage;
    },
  });
  const document = { documentElement: { setAttribute: (name: string, value: string) => set.push([name, value]) } };
  runInNewContext(script, { window, document });
  return set;
}

describe("the head's guard of a preview rendered for city 1", () => {
  function guard(stored: Record<string, string> | 'throws'): [string, string][] {
    return runGuard(previewGuardScript(1), stored);
  }
  const marked: [string, string][] = [[PAGE_PREVIEW_STALE_ATTRIBUTE, '']];

  it('leaves a first visit (nothing stored) unmarked', () => {
    expect(guard({})).toEqual([]);
  });

  it("leaves the preview's own city unmarked, stored as JSON or bare", () => {
    expect(guard({ cityId: '1' })).toEqual([]);
    expect(guard({ cityId: '"1"' })).toEqual([]);
  });

  it('marks the page when another city is stored', () => {
    expect(guard({ cityId: '2' })).toEqual(marked);
    expect(guard({ cityId: '"2"' })).toEqual(marked);
    // not a prefix match: city 11 is another city
    expect(guard({ cityId: '11' })).toEqual(marked);
  });

  it('marks the page when a cart is stored, whatever the city', () => {
    expect(guard({ cartId: '"c-42"' })).toEqual(marked);
    expect(guard({ cityId: '1', cartId: '"c-42"' })).toEqual(marked);
  });

  it('marks the page when the doctor role is stored', () => {
    expect(guard({ doctor: 'true' })).toEqual(marked);
    expect(guard({ cityId: '"1"', doctor: 'false' })).toEqual(marked);
  });

  it('marks nothing, and does not throw, when the storage cannot be read', () => {
    expect(() => guard('throws')).not.toThrow();
    expect(guard('throws')).toEqual([]);
  });
});
