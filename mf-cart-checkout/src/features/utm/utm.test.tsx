import { getStored, setStored } from '@lab/api';
import { act, render } from '@testing-library/react';
import UtmCapture from '../../exposed/UtmCapture';
import { Providers, renderAt, resetBrowserState } from '../../test/setup';
import { captureUtm, sameUtm, utmFromSearch } from './utm';

beforeEach(resetBrowserState);

describe('utm_ parameters', () => {
  it('reads utm_source, utm_medium, utm_campaign and utm_term; nothing when none', () => {
    expect(utmFromSearch('?utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_term=ferritin&x=1')).toEqual({
      source: 'google',
      medium: 'cpc',
      campaign: 'spring',
      term: 'ferritin',
    });
    expect(utmFromSearch('?utm_source=newsletter')).toEqual({ source: 'newsletter' });
    expect(utmFromSearch('?query=ttg')).toBeNull();
    expect(utmFromSearch('?utm_source=')).toBeNull();
  });

  it('keeps what the order call accepts: no markup brackets, at most 200 characters', () => {
    expect(utmFromSearch(`?utm_source=<b>ad</b>&utm_term=${'x'.repeat(300)}`)).toEqual({
      source: 'bad/b',
      term: 'x'.repeat(200),
    });
  });

  it('compares field by field', () => {
    expect(sameUtm({ source: 'a', medium: 'b' }, { medium: 'b', source: 'a' })).toBe(true);
    expect(sameUtm({ source: 'a' }, { source: 'a', term: 't' })).toBe(false);
    expect(sameUtm(null, null)).toBe(true);
    expect(sameUtm({ source: 'a' }, null)).toBe(false);
  });

  it('saves only when the URL has some and they differ from those stored', () => {
    expect(captureUtm('?utm_source=google&utm_medium=cpc')).toBe(true);
    expect(getStored('utmParams')).toEqual({ source: 'google', medium: 'cpc' });
    // the same again: not written
    expect(captureUtm('?utm_medium=cpc&utm_source=google')).toBe(false);
    // none in the URL: the stored ones stay
    expect(captureUtm('?page=2')).toBe(false);
    expect(getStored('utmParams')).toEqual({ source: 'google', medium: 'cpc' });
    // different: replaced as a whole
    expect(captureUtm('?utm_source=facebook')).toBe(true);
    expect(getStored('utmParams')).toEqual({ source: 'facebook' });
  });
});

describe('the exposed UtmCapture (mounted once by the shell)', () => {
  it('stores the landing URL’s parameters after the first render, once', async () => {
    const page = (key: string) => (
      <Providers route="/analyzes?utm_source=google&utm_campaign=spring">
        <UtmCapture key="capture" />
        <span>{key}</span>
      </Providers>
    );
    const { rerender } = render(page('first'));
    await act(async () => {});
    expect(getStored('utmParams')).toEqual({ source: 'google', campaign: 'spring' });
    // stored values change elsewhere (an order used them up): a re-render does not capture again
    setStored('utmParams', { source: 'other' });
    rerender(page('second'));
    await act(async () => {});
    expect(getStored('utmParams')).toEqual({ source: 'other' });
  });

  it('does not write when the stored ones are the same', async () => {
    setStored('utmParams', { source: 'google' });
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    renderAt(<UtmCapture />, '/?utm_source=google');
    await act(async () => {});
    expect(setItem).not.toHaveBeenCalledWith('utmParams', expect.anything());
    setItem.mockRestore();
  });
});
