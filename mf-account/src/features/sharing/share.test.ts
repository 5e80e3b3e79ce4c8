import { shareLink } from './share';

const DATA = { title: 'Результати', text: 'Замовлення № 1', url: 'https://lab.example/account/results/1' };
const named = (name: string) => Object.assign(new Error(name), { name });

describe('sharing a result (docs/product.md#roles and #errors)', () => {
  it('uses the Web Share API where there is one', async () => {
    const share = jest.fn().mockResolvedValue(undefined);
    expect(await shareLink(DATA, { share })).toBe('shared');
    expect(share).toHaveBeenCalledWith(DATA);
  });

  it('says nothing when the user closes the share sheet', async () => {
    expect(await shareLink(DATA, { share: jest.fn().mockRejectedValue(named('AbortError')) })).toBe('cancelled');
  });

  it('is unavailable when the settings forbid it, and failed on any other error', async () => {
    expect(await shareLink(DATA, { share: jest.fn().mockRejectedValue(named('NotAllowedError')) })).toBe('unavailable');
    expect(await shareLink(DATA, { share: jest.fn().mockRejectedValue(named('DataError')) })).toBe('failed');
  });

  it('copies the link when the browser cannot share', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    expect(await shareLink(DATA, { clipboard: { writeText } })).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(DATA.url);
    expect(await shareLink(DATA, { share: jest.fn(), canShare: () => false, clipboard: { writeText } })).toBe('copied');
  });

  it('is unavailable when neither sharing nor the clipboard may be used', async () => {
    expect(await shareLink(DATA, {})).toBe('unavailable');
    const denied = jest.fn().mockRejectedValue(named('NotAllowedError'));
    expect(await shareLink(DATA, { clipboard: { writeText: denied } })).toBe('unavailable');
  });
});
