import { setLocale } from '@lab/i18n';
import { act, render, screen } from '@testing-library/react';
import '../i18n';
import { Price } from './Price';

afterEach(async () => {
  await act(() => setLocale('ua'));
});

describe('Price', () => {
  it('shows one price with spaces between thousands and no .00', () => {
    const { container } = render(<Price price={1000000} />);
    expect(container).toHaveTextContent(/^1 000 000 грн$/);
    expect(container.querySelector('s')).toBeNull();
  });

  it('keeps kopecks and shows 0 as 0 грн', () => {
    const { container, rerender } = render(<Price price={245.5} />);
    expect(container).toHaveTextContent(/^245.50 грн$/);
    rerender(<Price price={0} />);
    expect(container).toHaveTextContent(/^0 грн$/);
  });

  it('is no discount when the original equals the price', () => {
    const { container } = render(<Price price={450} originalPrice={450} />);
    expect(container.querySelector('s')).toBeNull();
  });

  it('strikes out a differing original price and names both for screen readers', () => {
    const { container } = render(<Price price={1350} originalPrice={1500} />);
    const original = container.querySelector('s');
    expect(original).toHaveTextContent('Ціна без знижки: 1 500 грн');
    expect(container).toHaveTextContent('Ціна зі знижкою: 1 350 грн');
  });

  it('names them in ru', async () => {
    await act(() => setLocale('ru'));
    render(<Price price={1350} originalPrice={1500} />);
    expect(screen.getByText(/Цена без скидки/)).toBeInTheDocument();
  });
});
