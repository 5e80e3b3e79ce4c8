import { initI18n } from '@lab/i18n';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import type { Cart } from '../contract/cart';
import { getStored, setStored } from '../storage';
import { bodyOf, installAdapter, ok } from '../test/fakeAdapter';
import { apiKeys, keysOf } from './keys';
import { useCart } from './useCart';
import { useActsAsDoctor, useDoctorSelf, usePatientSelf, useSession } from './useSession';

const CART_ID = '3f1c2a9e-7b4d-4c1a-9e2f-0a1b2c3d4e5f';
const SETTLEMENT = 7;

beforeAll(() => initI18n('ua'));

/** An isolated SWR cache per test, shared by every component inside, as on the page. */
function Cache({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
}

function cartWith(serviceIds: number[]): Cart {
  const items = serviceIds.map((serviceId) => ({
    serviceId,
    price: 100,
    initialPrice: 100,
    originalPrice: 120,
    service: {
      id: serviceId,
      title: `Аналіз ${serviceId}`,
      description: '',
      code: `A${serviceId}`,
      slug: `analysis-${serviceId}`,
      packageService: false,
      additionalServices: [],
    },
  }));
  return {
    id: CART_ID,
    items,
    additionalItems: [],
    totalPrice: 100 * items.length,
    originalTotalPrice: 120 * items.length,
    promo: null,
  };
}

/** A guest cart on a fake server. */
function serveCart() {
  const serviceIds: number[] = [];
  return installAdapter((request) => {
    if (request.method === 'post' && request.url?.endsWith('/add')) {
      serviceIds.push(...(bodyOf(request) as { serviceIds: number[] }).serviceIds);
    }
    return ok(cartWith(serviceIds));
  });
}

function Badge() {
  const { data } = useCart(CART_ID, SETTLEMENT);
  return <span data-testid="badge">{data ? data.items.length : '…'}</span>;
}

function AddButton() {
  const { add } = useCart(CART_ID, SETTLEMENT);
  return (
    <button type="button" onClick={() => void add([42])}>
      add
    </button>
  );
}

function NoCity() {
  const { data } = useCart(CART_ID, null);
  return <span>{data ? 'loaded' : 'idle'}</span>;
}

function Status() {
  const { signedIn, guest, refresh } = useSession();
  return (
    <button type="button" onClick={() => void refresh()}>
      {signedIn ? 'signed-in' : guest ? 'guest' : 'unknown'}
    </button>
  );
}

describe('useCart', () => {
  it('re-renders every reader after add, without another GET', async () => {
    const requests = serveCart();
    render(
      <Cache>
        <Badge />
        <section>
          <Badge />
          <AddButton />
        </section>
      </Cache>,
    );
    await waitFor(() => expect(screen.getAllByTestId('badge').map((badge) => badge.textContent)).toEqual(['0', '0']));
    const getsBefore = requests.filter((request) => request.method === 'get').length;

    await userEvent.click(screen.getByRole('button', { name: 'add' }));

    await waitFor(() => expect(screen.getAllByTestId('badge').map((badge) => badge.textContent)).toEqual(['1', '1']));
    expect(requests.filter((request) => request.method === 'get')).toHaveLength(getsBefore);
    expect(requests.at(-1)?.url).toBe(`/cart/carts/${CART_ID}/add`);
  });

  it('makes no request until the city is known', async () => {
    const requests = serveCart();
    render(
      <Cache>
        <NoCity />
      </Cache>,
    );
    await act(async () => {});
    expect(screen.getByText('idle')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});

describe('useSession', () => {
  it('is signed in when canLogin is false, a guest when true', async () => {
    let canLogin = true;
    installAdapter(() => ok({ canLogin }));
    render(
      <Cache>
        <Status />
      </Cache>,
    );
    expect(await screen.findByText('guest')).toBeInTheDocument();
    canLogin = false;
    await userEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('signed-in')).toBeInTheDocument();
  });
});

function CartRole() {
  return <span data-testid="role">{useActsAsDoctor() ? 'doctor' : 'visitor'}</span>;
}

describe('an expired doctor session (docs/product.md#guest-or-signed-in: canLogin true resets the doctor flags)', () => {
  afterEach(() => localStorage.clear());

  it('reads as a guest with a cart and clears the stored doctor flags', async () => {
    setStored('doctor', true);
    setStored('doctorType', true);
    installAdapter(() => ok({ canLogin: true }));
    render(
      <Cache>
        <CartRole />
      </Cache>,
    );
    await waitFor(() => expect(getStored('doctorType')).toBeNull());
    expect(getStored('doctor')).toBeNull();
    expect(screen.getByTestId('role')).toHaveTextContent('visitor');
  });

  it('keeps a signed-in doctor a doctor', async () => {
    setStored('doctor', true);
    setStored('doctorType', true);
    installAdapter(() => ok({ canLogin: false }));
    render(
      <Cache>
        <Status />
        <CartRole />
      </Cache>,
    );
    expect(await screen.findByText('signed-in')).toBeInTheDocument();
    expect(screen.getByTestId('role')).toHaveTextContent('doctor');
    expect(getStored('doctorType')).toBe(true);
  });
});

/** What the user's profile hooks answered. */
function Profiles() {
  const patient = usePatientSelf();
  const doctor = useDoctorSelf();
  const shown = (answer: { data?: unknown; error?: { status: number } }) =>
    answer.data ? 'yes' : answer.error ? `error ${answer.error.status}` : '-';
  return (
    <p data-testid="profiles">
      patient {shown(patient)}, doctor {shown(doctor)}
    </p>
  );
}

describe("a signed-in user's profiles", () => {
  it('asks only for the profiles the session names (no 404 for a patient who is no doctor)', async () => {
    const asked: string[] = [];
    installAdapter((request) => {
      asked.push(request.url ?? '');
      if (request.url === '/info') return ok({ canLogin: false, profiles: { patient: true, doctor: false } });
      return ok({ userData: {} });
    });
    render(
      <Cache>
        <Profiles />
      </Cache>,
    );
    await waitFor(() => expect(screen.getByTestId('profiles')).toHaveTextContent('patient yes, doctor -'));
    expect(asked).toEqual(['/info', '/patient/patients/self']);
  });

  it('asks for both when an older API does not name them', async () => {
    const asked: string[] = [];
    installAdapter((request) => {
      asked.push(request.url ?? '');
      if (request.url === '/info') return ok({ canLogin: false });
      if (request.url === '/user/doctors/self') return { status: 404, data: { code: 'not-found', message: 'x' } };
      return ok({ userData: {} });
    });
    render(
      <Cache>
        <Profiles />
      </Cache>,
    );
    await waitFor(() => expect(screen.getByTestId('profiles')).toHaveTextContent('patient yes, doctor error 404'));
    expect([...asked].sort()).toEqual(['/info', '/patient/patients/self', '/user/doctors/self']);
  });
});

describe('keys', () => {
  it('are stable arrays ending with the locale, matched per area by keysOf', () => {
    expect(apiKeys.cart(CART_ID, SETTLEMENT, 'ru')).toEqual(['cart', CART_ID, SETTLEMENT, 'ru']);
    expect(apiKeys.cart(CART_ID, SETTLEMENT)).toEqual(apiKeys.cart(CART_ID, SETTLEMENT, 'ua'));
    const isCart = keysOf('cart');
    expect(isCart(apiKeys.cart(null, 1, 'ua'))).toBe(true);
    expect(isCart(apiKeys.menus('ua'))).toBe(false);
    expect(keysOf('orders', 'cart')(apiKeys.orders('patient', {}, 0, 'ua'))).toBe(true);
  });
});
