import { addressWithCity, branchLabel } from './branch';

describe('an address with its city', () => {
  it('puts the city first', () => {
    expect(addressWithCity('вул. Європейська, 47', 'Полтава')).toBe('Полтава, вул. Європейська, 47');
  });

  it('does not name the city twice, yet keeps a street named after it', () => {
    expect(addressWithCity('м. Київ, вул. Хрещатик, 1', 'Київ')).toBe('м. Київ, вул. Хрещатик, 1');
    expect(addressWithCity('вул. Київська, 5', 'Київ')).toBe('Київ, вул. Київська, 5');
  });

  it('leaves an address alone when the city is unknown', () => {
    expect(addressWithCity('вул. Хрещатик, 1', null)).toBe('вул. Хрещатик, 1');
    expect(addressWithCity('вул. Хрещатик, 1', '')).toBe('вул. Хрещатик, 1');
  });

  it('labels a branch with its city, its title and its address once', () => {
    expect(branchLabel({ title: 'вул. Хрещатик, 67', address: 'вул. Хрещатик, 67', city: 'Київ' })).toBe(
      'Київ, вул. Хрещатик, 67',
    );
    expect(branchLabel({ title: 'Відділення на Хрещатику', address: 'вул. Хрещатик, 1', city: 'Київ' })).toBe(
      'Відділення на Хрещатику, Київ, вул. Хрещатик, 1',
    );
    expect(branchLabel({ title: 'Відділення на Хрещатику', address: 'вул. Хрещатик, 1' })).toBe(
      'Відділення на Хрещатику, вул. Хрещатик, 1',
    );
  });
});
