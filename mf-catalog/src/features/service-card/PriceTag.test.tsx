import { render, screen } from '@testing-library/react';
import { setUpI18n } from '../../test/render';
import { PriceTag } from './PriceTag';

beforeAll(setUpI18n);

describe('PriceTag', () => {
  it('shows one price, thousands spaced, trailing .00 dropped, in грн', () => {
    const { container } = render(<PriceTag price={{ price: { price: 1250 }, originalPrice: { price: 1250 } }} />);
    expect(container).toHaveTextContent(/^1 250 грн$/);
    expect(container.querySelector('s')).toBeNull();
  });

  it('shows a discount with the original struck out', () => {
    const { container } = render(<PriceTag price={{ price: { price: 1020.5 }, originalPrice: { price: 1200 } }} />);
    expect(container).toHaveTextContent('1 020.50 грн');
    expect(container.querySelector('s')).toHaveTextContent('1 200 грн');
  });

  it('takes a search hit display price too', () => {
    const { container } = render(<PriceTag price={{ type: 'discount', price: 999, fullPrice: 1000000 }} />);
    expect(container).toHaveTextContent('999 грн');
    expect(container.querySelector('s')).toHaveTextContent('1 000 000 грн');
  });

  it('says when the city has no price', () => {
    render(<PriceTag price={null} />);
    expect(screen.getByText('Недоступно у вашому місті')).toBeInTheDocument();
  });
});
