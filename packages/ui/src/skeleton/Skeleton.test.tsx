import { render } from '@testing-library/react';
import { Skeleton, SkeletonText } from './Skeleton';

describe('Skeleton', () => {
  it('renders one block by default, hidden from assistive technology', () => {
    const { container } = render(<Skeleton width={40} height={40} radius={20} />);
    const group = container.firstElementChild as HTMLElement;
    expect(group).toHaveAttribute('aria-hidden', 'true');
    expect(group).toHaveAttribute('data-skeleton');
    expect(group.children).toHaveLength(1);
    expect(group.firstElementChild).toHaveStyle({ width: '40px', height: '40px', borderRadius: '20px' });
  });

  it('renders count rows (9 search-result rows)', () => {
    const { container } = render(<Skeleton count={9} height={24} />);
    expect(container.firstElementChild?.children).toHaveLength(9);
  });

  it('renders nothing for a zero count and a line per SkeletonText line', () => {
    const { container: empty } = render(<Skeleton count={0} />);
    expect(empty.firstElementChild?.children).toHaveLength(0);
    const { container } = render(<SkeletonText lines={4} />);
    expect(container.firstElementChild?.children).toHaveLength(4);
  });
});
