/** What the page should do with the scroll after a navigation (spec section 2, "Navigation behaviour"). */
export type ScrollIntent =
  | { kind: 'restore'; y: number }
  | { kind: 'hash'; id: string }
  | { kind: 'top' }
  | { kind: 'keep' };

type Navigation = { type: 'POP' | 'PUSH' | 'REPLACE'; search: string; hash: string; savedY: number | undefined };

export function scrollIntent({ type, search, hash, savedY }: Navigation): ScrollIntent {
  if (type === 'POP' && savedY !== undefined) return { kind: 'restore', y: savedY };
  if (hash.length > 1) return { kind: 'hash', id: decodeURIComponent(hash.slice(1)) };
  if (new URLSearchParams(search).has('paginate')) return { kind: 'keep' };
  return { kind: 'top' };
}
