import { render } from '@testing-library/react';
import { CountBadge, formatBadgeCount } from './CountBadge';

describe('cart badge', () => {
  it('shows the count up to 9 and 9+ above (docs/product.md#constants)', () => {
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(9)).toBe('9');
    expect(formatBadgeCount(10)).toBe('9+');
    expect(formatBadgeCount(250)).toBe('9+');
  });

  it('renders nothing for an empty cart', () => {
    const { container, rerender } = render(<CountBadge count={0} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<CountBadge count={12} />);
    expect(container).toHaveTextContent('9+');
  });
});
