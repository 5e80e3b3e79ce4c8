import type { Settlement } from '@lab/api';
import { bus } from '@lab/events';
import { initI18n, setLocale } from '@lab/i18n';
import { MemoryRouter, useNavigate } from '@lab/router';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../app/i18n';
import { CityBanner } from './CityBanner';
import { CityButton } from './CityButton';
import { CityProvider } from './CityContext';
import { CityModal } from './CityModal';

const settlements: Settlement[] = [
  { id: 1, title: 'Київ', sourceId: 'kyiv', lat: 50.45, lon: 30.52 },
  { id: 2, title: 'Львів', sourceId: 'lviv', lat: 49.84, lon: 24.03 },
  { id: 3, title: 'Одеса', sourceId: 'odesa', lat: 46.48, lon: 30.72 },
];
const nearest = jest.fn();

jest.mock('@lab/api', () => ({
  ...jest.requireActual('@lab/api'),
  useSettlements: () => ({ data: { settlements, branchCount: 78 }, isLoading: false }),
  api: { settlements: { nearest: (position: unknown) => nearest(position) } },
}));

function mockGeolocation(result: 'ok' | 'denied') {
  const getCurrentPosition = (success: PositionCallback, failure: PositionErrorCallback) =>
    result === 'ok'
      ? success({ coords: { latitude: 49.84, longitude: 24.03 } } as GeolocationPosition)
      : failure({ code: 1, message: 'denied' } as GeolocationPositionError);
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
}

/** A location prompt the visitor has not answered yet; the returned function answers it. */
function pendingGeolocation(): (position: GeolocationPosition) => void {
  let answer: PositionCallback = () => {};
  const getCurrentPosition = (success: PositionCallback) => {
    answer = success;
  };
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return (position) => answer(position);
}

/** A link of the page: the visitor goes on to another page. */
function GoOn() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/analyzes')}>
      go on
    </button>
  );
}

function renderCity(bot = false) {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <CityProvider bot={bot}>
        <CityButton />
        <GoOn />
        <CityBanner />
        <CityModal />
      </CityProvider>
    </MemoryRouter>,
  );
}

const stored = (key: string) => JSON.parse(window.localStorage.getItem(key) ?? 'null');

beforeAll(async () => {
  initI18n('ua');
  await setLocale('ua');
});
beforeEach(() => {
  window.localStorage.clear();
  nearest.mockReset();
});
afterEach(() => bus.all.clear());

describe('the city in the header', () => {
  it('detects the nearest city, stores it and asks to confirm; yes hides the banner for good', async () => {
    mockGeolocation('ok');
    nearest.mockResolvedValue({ id: 2 });
    const { unmount } = renderCity();
    expect(await screen.findByText('Ваше місто — Львів?')).toBeInTheDocument();
    expect(stored('nearestCityId')).toBe(2);
    expect(stored('cityId')).toBe(2);
    expect(screen.getByRole('button', { name: /Львів/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Так' }));
    expect(stored('cityShown')).toBe(true);
    expect(screen.queryByText('Ваше місто — Львів?')).not.toBeInTheDocument();

    unmount();
    renderCity(); // the next visit: confirmed city, no detection, no banner
    expect(screen.getByRole('button', { name: /Львів/ })).toBeInTheDocument();
    expect(screen.queryByText(/Ваше місто —/)).not.toBeInTheDocument();
    expect(nearest).toHaveBeenCalledTimes(1);
  });

  it('asks once: a visitor who goes on to another page keeps the detected city, and the question stays behind', async () => {
    mockGeolocation('ok');
    nearest.mockResolvedValue({ id: 3 });
    const { unmount } = renderCity();
    expect(await screen.findByText('Ваше місто — Одеса?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'go on' }));
    expect(screen.queryByText(/Ваше місто —/)).not.toBeInTheDocument();
    expect(stored('cityId')).toBe(3);
    expect(stored('cityShown')).toBe(true);
    unmount();
    renderCity();
    expect(screen.queryByText(/Ваше місто —/)).not.toBeInTheDocument();
  });

  it('shows a first visit the first city while the location prompt is unanswered, then the detected one', async () => {
    const answer = pendingGeolocation();
    nearest.mockResolvedValue({ id: 2 });
    renderCity();
    // prices and the catalogue need a city: the first one until the visitor answers
    expect(await screen.findByRole('button', { name: /Київ/ })).toBeInTheDocument();
    expect(stored('cityId')).toBe(1);
    expect(screen.queryByText(/Ваше місто —/)).not.toBeInTheDocument();

    await act(async () => answer({ coords: { latitude: 49.84, longitude: 24.03 } } as GeolocationPosition));
    expect(await screen.findByText('Ваше місто — Львів?')).toBeInTheDocument();
    expect(stored('cityId')).toBe(2);
  });

  it('keeps a city the visitor picked while detection was still running', async () => {
    const answer = pendingGeolocation();
    nearest.mockResolvedValue({ id: 2 });
    renderCity();
    await userEvent.click(await screen.findByRole('button', { name: /Київ/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Одеса' }));
    await act(async () => answer({ coords: { latitude: 49.84, longitude: 24.03 } } as GeolocationPosition));
    expect(stored('cityId')).toBe(3);
    expect(screen.queryByText(/Ваше місто —/)).not.toBeInTheDocument();
  });

  it('"wrong city" opens the picker; choosing stores the city, closes it and announces 1000 ms later', async () => {
    mockGeolocation('denied');
    const announced = jest.fn();
    bus.on('city:changed', announced);
    renderCity();
    await userEvent.click(await screen.findByRole('button', { name: 'Ні, обрати інше' }));
    const dialog = screen.getByRole('dialog', { name: 'Оберіть місто' });
    expect(dialog).toBeInTheDocument();
    // focus goes to the search field, so the keyboard user can type the name at once
    expect(screen.getByLabelText('Пошук міста')).toHaveFocus();
    // alphabetical, filtered case-insensitively, with the empty message
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Київ', 'Львів', 'Одеса']);
    await userEvent.type(screen.getByLabelText('Пошук міста'), 'ПАРИЖ');
    expect(screen.getByRole('status')).toHaveTextContent('Місто не знайдено');
    await userEvent.clear(screen.getByLabelText('Пошук міста'));
    await userEvent.type(screen.getByLabelText('Пошук міста'), 'одЕ');

    jest.useFakeTimers();
    try {
      act(() => screen.getByRole('button', { name: 'Одеса' }).click());
      expect(stored('cityId')).toBe(3);
      expect(stored('cityShown')).toBe(true);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByText(/Ваше місто —/)).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(999));
      expect(announced).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(1));
      expect(announced).toHaveBeenCalledWith({ cityId: 3 });
    } finally {
      jest.useRealTimers();
    }

    // reopening starts with an empty search
    await userEvent.click(screen.getByRole('button', { name: /Одеса/ }));
    expect(screen.getByLabelText('Пошук міста')).toHaveValue('');
    expect(screen.getByLabelText('Пошук міста')).toHaveFocus();
  });

  it('shows bots no banner but still picks a city', async () => {
    mockGeolocation('denied');
    renderCity(true);
    expect(await screen.findByRole('button', { name: /Київ/ })).toBeInTheDocument();
    expect(stored('cityId')).toBe(1);
    expect(screen.queryByText(/Ваше місто —/)).not.toBeInTheDocument();
  });
});
