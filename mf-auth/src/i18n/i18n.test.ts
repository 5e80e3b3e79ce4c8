import ru from './ru.json';
import ua from './ua.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

it('has a Russian text for every Ukrainian one, and nothing else', () => {
  expect(keys(ru).sort()).toEqual(keys(ua).sort());
});

it('gives the wrong-code text of docs/product.md#errors', () => {
  expect(ua.errors.smsInvalid).toBe('Введено невірний код');
});
