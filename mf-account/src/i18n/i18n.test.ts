import ru from './ru.json';
import ua from './ua.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

it('has a Russian text for every Ukrainian one, and nothing else', () => {
  expect(keys(ru).sort()).toEqual(keys(ua).sort());
});

it('names the seven order display states of docs/product.md#orders, each differently', () => {
  const labels = Object.values(ua.orders.state);
  expect(labels).toHaveLength(7);
  expect(new Set(labels).size).toBe(7);
});
