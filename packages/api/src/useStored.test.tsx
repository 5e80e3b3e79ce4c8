import { act, render, screen } from '@testing-library/react';
import { removeStored, setStored } from './storage';
import { useStored } from './useStored';

function CityLabel() {
  const cityId = useStored('cityId');
  return <p>{cityId == null ? 'no city' : `city ${cityId}`}</p>;
}

describe('useStored', () => {
  beforeEach(() => window.localStorage.clear());

  it('re-renders every reader when the value is set or removed anywhere on the page', () => {
    render(
      <>
        <CityLabel />
        <CityLabel />
      </>,
    );
    expect(screen.getAllByText('no city')).toHaveLength(2);
    act(() => setStored('cityId', 12));
    expect(screen.getAllByText('city 12')).toHaveLength(2);
    act(() => removeStored('cityId'));
    expect(screen.getAllByText('no city')).toHaveLength(2);
  });

  it('follows a change made in another tab (storage event)', () => {
    render(<CityLabel />);
    act(() => {
      window.localStorage.setItem('cityId', '7');
      window.dispatchEvent(new StorageEvent('storage', { key: 'cityId' }));
    });
    expect(screen.getByText('city 7')).toBeInTheDocument();
  });

  it('ignores a value that fails the key guard', () => {
    window.localStorage.setItem('cityId', '"kyiv"');
    render(<CityLabel />);
    expect(screen.getByText('no city')).toBeInTheDocument();
  });
});
