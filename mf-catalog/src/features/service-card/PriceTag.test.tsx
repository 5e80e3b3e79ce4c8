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

  it('says what the cart adds with the service (the blood draw), as the server summed it', () => {
    const price = {
      price: { price: 230 },
      originalPrice: { price: 230 },
      additional: {
        price: 90,
        services: [{ id: 9, code: 'V-01', title: 'Взяття венозної крові', price: 90, originalPrice: 90 }],
      },
      total: { price: { price: 320 }, originalPrice: { price: 320 } },
    };
    const { container, rerender } = render(<PriceTag price={price} />);
    expect(container).toHaveTextContent(/^230 грн\+ 90 грн за взяття біоматеріалу$/);
    rerender(<PriceTag price={{ type: 'other', price: 230, fullPrice: 230, additional: 90 }} />);
    expect(container).toHaveTextContent('+ 90 грн за взяття біоматеріалу');
  });

  it('says when the city has no price', () => {
    render(<PriceTag price={null} />);
    expect(screen.getByText('Недоступно у вашому місті')).toBeInTheDocument();
  });
});
