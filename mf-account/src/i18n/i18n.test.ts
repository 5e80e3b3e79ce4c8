import ru from './ru.json';
import ua from './ua.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

it('has a Russian text for every Ukrainian one, and nothing else', () => {
  expect(keys(ru).sort()).toEqual(keys(ua).sort());
});

it('names the seven order display states of docs/product.md#orders and a home visit’s two, each differently', () => {
  for (const texts of [ua, ru]) {
    const labels = Object.values(texts.orders.state);
    expect(labels).toHaveLength(9);
    expect(new Set(labels).size).toBe(9);
  }
});
