/** @jest-environment node */
import { renderToString } from 'react-dom/server';
import { renderWithStored, useStored } from './useStored';

function CityLabel() {
  const cityId = useStored('cityId');
  return <p>{cityId == null ? 'no city' : `city ${cityId}`}</p>;
}

function CartLabel() {
  const cartId = useStored('cartId');
  return <p>{cartId ?? 'no cart'}</p>;
}

function Broken(): never {
  throw new Error('broken page');
}

// a page's preview on the shell's server (@lab/pages): no window, no storage, one render at a time
describe('renderWithStored', () => {
  it('gives useStored the values during the render, and none after it', () => {
    expect(typeof window).toBe('undefined');
    expect(renderToString(<CityLabel />)).toBe('<p>no city</p>');
    const html = renderWithStored({ cityId: 4 }, () => renderToString(<CityLabel />));
    expect(html).toBe('<p>city 4</p>');
    expect(renderToString(<CityLabel />)).toBe('<p>no city</p>');
  });

  it('gives a render only its own values, not the previous render’s', () => {
    expect(renderWithStored({ cityId: 4, cartId: 'a1' }, () => renderToString(<CartLabel />))).toBe('<p>a1</p>');
    expect(renderWithStored({}, () => renderToString(<CityLabel />))).toBe('<p>no city</p>');
    expect(renderWithStored({ cityId: 9 }, () => renderToString(<CartLabel />))).toBe('<p>no cart</p>');
  });

  it('forgets the values after a render that threw', () => {
    expect(() =>
      renderWithStored({ cityId: 4 }, () =>
        renderToString(
          <>
            <CityLabel />
            <Broken />
          </>,
        ),
      ),
    ).toThrow('broken page');
    expect(renderToString(<CityLabel />)).toBe('<p>no city</p>');
  });
});
