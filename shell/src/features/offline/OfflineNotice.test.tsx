import { setLocale } from '@lab/i18n';
import { act, render, screen } from '@testing-library/react';
import '../../app/i18n';
import { OfflineNotice } from './OfflineNotice';

function goOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => goOnline(true));

describe('OfflineNotice', () => {
  it('is an empty live region while online, says so when the connection drops, and clears when it is back', async () => {
    await setLocale('ua');
    render(<OfflineNotice />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    goOnline(false);
    expect(region).toHaveTextContent('Немає з’єднання з інтернетом');
    goOnline(true);
    expect(region).toBeEmptyDOMElement();
  });

  it('speaks Russian on the Russian site', async () => {
    await setLocale('ru');
    const { unmount } = render(<OfflineNotice />);
    goOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent('Нет соединения с интернетом');
    unmount();
    await setLocale('ua');
  });
});
