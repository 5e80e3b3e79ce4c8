import { act, render } from '@testing-library/react';
import { useCityAnswer } from './useCityAnswer';

type Shown = { cityId: number; answer: string | undefined };

function Probe({ cityId, answer, shown }: { cityId: number; answer: string | undefined; shown: Shown[] }) {
  shown.push({ cityId, answer: useCityAnswer(cityId, answer) });
  return null;
}

describe('useCityAnswer', () => {
  it("hands the answer over in a render of its own, and never shows one city's answer for another", async () => {
    const shown: Shown[] = [];
    const view = render(<Probe cityId={1} answer={undefined} shown={shown} />);
    await act(async () => view.rerender(<Probe cityId={1} answer="prices of Kyiv" shown={shown} />));
    // the synchronous render keeps the skeleton; the deferred one draws the answer
    expect(shown.map((entry) => entry.answer)).toEqual([undefined, undefined, 'prices of Kyiv']);

    shown.length = 0;
    // another city whose answer is cached: at once, without passing through Kyiv's
    await act(async () => view.rerender(<Probe cityId={2} answer="prices of Lviv" shown={shown} />));
    expect(shown.filter((entry) => entry.cityId === 2).map((entry) => entry.answer)).not.toContain('prices of Kyiv');
    expect(shown.at(-1)).toEqual({ cityId: 2, answer: 'prices of Lviv' });
  });
});
