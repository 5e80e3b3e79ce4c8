import { initI18n } from '@lab/i18n';
import { render, screen } from '@testing-library/react';
import type { SettlementsListResponse } from '../contract/settlements';
import { installAdapter, ok } from '../test/fakeAdapter';
import { apiKeys } from './keys';
import { PRIMED_ANSWERS_ELEMENT_ID, primeAnswers, readPrimedAnswers } from './primed';
import { useSettlements } from './useSettlements';

beforeAll(() => initI18n('ua'));
afterEach(() => {
  document.body.innerHTML = '';
});

const list: SettlementsListResponse = {
  settlements: [{ id: 4, title: 'Полтава', sourceId: 'poltava', lat: 49.59, lon: 34.55 }],
  branchCount: 3,
};

function page(json: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PRIMED_ANSWERS_ELEMENT_ID;
  block.textContent = json;
  document.body.append(block);
}

function Cities() {
  const { data } = useSettlements();
  return <p>{data ? data.settlements.map((city) => city.title).join(', ') : 'loading'}</p>;
}

describe('answers the server put into the page', () => {
  it('reach the hook that reads their key without a request of its own', async () => {
    const requests = installAdapter(() => ok({ settlements: [], branchCount: 0 }));
    page(JSON.stringify([{ key: apiKeys.settlements('ua'), data: list }]));
    primeAnswers(readPrimedAnswers(document));
    render(<Cities />);
    expect(await screen.findByText('Полтава')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('are none when the block is missing, garbled or not a list of keyed answers', () => {
    expect(readPrimedAnswers(document)).toEqual([]);
    page('{"key": ');
    expect(readPrimedAnswers(document)).toEqual([]);
    document.body.innerHTML = '';
    page(JSON.stringify([{ key: 'settlements', data: 1 }, { data: 2 }, { key: ['menus', 'ua'], data: [] }]));
    expect(readPrimedAnswers(document)).toEqual([{ key: ['menus', 'ua'], data: [] }]);
  });
});
