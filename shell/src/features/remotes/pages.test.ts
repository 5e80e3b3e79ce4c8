import { pageRemoteAt } from './pages';

const at = (path: string) => {
  const page = pageRemoteAt(path);
  return page && `${page.remote}/${page.module}`;
};

describe('pageRemoteAt: the remote page a landing URL shows, loaded ahead of the shell', () => {
  it('finds the remote page of each kind of path', () => {
    expect(at('/analyzes')).toBe('mf_catalog/CataloguePage');
    expect(at('/analyzes/hematology')).toBe('mf_catalog/CategoryPage');
    expect(at('/analysis/ferytyn/')).toBe('mf_catalog/ServicePage');
    expect(at('/search')).toBe('mf_catalog/SearchPage');
    expect(at('/cart')).toBe('mf_cart_checkout/CartPage');
    expect(at('/checkout/result')).toBe('mf_cart_checkout/PaymentResultPage');
    expect(at('/account')).toBe('mf_account/AccountPage');
    expect(at('/account/orders/12')).toBe('mf_account/AccountPage');
  });

  it('sees through a locale or city prefix', () => {
    expect(at('/ru/cart')).toBe('mf_cart_checkout/CartPage');
    expect(at('/lviv/analyzes/hematology')).toBe('mf_catalog/CategoryPage');
  });

  it('finds none on the shell own pages', () => {
    expect(at('/')).toBeNull();
    expect(at('/ru')).toBeNull();
    expect(at('/news/some-news')).toBeNull();
    expect(at('/analysis')).toBeNull();
    expect(at('/about')).toBeNull();
  });
});
