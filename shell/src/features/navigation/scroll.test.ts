import { scrollIntent } from './scroll';

describe('scroll after navigation (spec section 2)', () => {
  it('goes to the top after a new navigation', () => {
    expect(scrollIntent({ type: 'PUSH', search: '?query=x', hash: '', savedY: undefined })).toEqual({ kind: 'top' });
    expect(scrollIntent({ type: 'REPLACE', search: '', hash: '', savedY: 300 })).toEqual({ kind: 'top' });
  });

  it('keeps the position when the query carries the paginate flag', () => {
    expect(scrollIntent({ type: 'PUSH', search: '?page=2&paginate=true', hash: '', savedY: undefined })).toEqual({
      kind: 'keep',
    });
  });

  it('scrolls to a hash target', () => {
    expect(scrollIntent({ type: 'PUSH', search: '', hash: '#services', savedY: undefined })).toEqual({
      kind: 'hash',
      id: 'services',
    });
  });

  it('restores the saved position on back/forward', () => {
    expect(scrollIntent({ type: 'POP', search: '', hash: '', savedY: 1240 })).toEqual({ kind: 'restore', y: 1240 });
    // a first visit by back (nothing saved) behaves like a new navigation
    expect(scrollIntent({ type: 'POP', search: '', hash: '', savedY: undefined })).toEqual({ kind: 'top' });
  });
});
