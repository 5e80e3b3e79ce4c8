import { vocativeUk } from './vocative';

describe('vocativeUk', () => {
  it.each([
    ['Олена', 'Олено'],
    ['Марія', 'Маріє'],
    ['Іван', 'Іване'],
    ['Петро', 'Петре'],
    ['Андрій', 'Андрію'],
    ['Ольга', 'Ольго'],
    ['Микола', 'Миколо'],
    ['Сергій', 'Сергію'],
    ['Наталія', 'Наталіє'],
    ['Олег', 'Олеже'],
    ['Василь', 'Василю'],
    ['Марко', 'Марку'],
    ['Тетяна', 'Тетяно'],
    ['Катя', 'Катю'],
    ['Зоя', 'Зоє'],
    ['Ілля', 'Ілле'],
    ['Олександр', 'Олександре'],
    ['Миколай', 'Миколаю'],
    ['Анна-Марія', 'Анно-Маріє'],
  ])('%s -> %s', (name, vocative) => {
    expect(vocativeUk(name)).toBe(vocative);
  });

  it('leaves a name it has no rule for as it is (Latin letters, a foreign vowel ending)', () => {
    expect(vocativeUk('John')).toBe('John');
    expect(vocativeUk('Мері')).toBe('Мері');
  });
});
