/**
 * Sharing a result's link (docs/product.md#roles and #errors): the Web Share API where the browser has it, else
 * copying the link. "Unavailable" covers a browser that can do neither and one whose settings forbid
 * it (NotAllowedError): the user can permit it in the settings; "failed" is a sending failure.
 */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'unavailable' | 'failed';

export type ShareData = { title: string; text: string; url: string };

type ShareCapable = {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  clipboard?: { writeText?: (text: string) => Promise<void> };
};

const nameOf = (error: unknown) => (error instanceof Error || error instanceof DOMException ? error.name : '');

export async function shareLink(
  data: ShareData,
  browser: ShareCapable = navigator as ShareCapable,
): Promise<ShareOutcome> {
  if (typeof browser.share === 'function' && (typeof browser.canShare !== 'function' || browser.canShare(data))) {
    try {
      await browser.share(data);
      return 'shared';
    } catch (error) {
      const name = nameOf(error);
      if (name === 'AbortError') return 'cancelled';
      if (name === 'NotAllowedError') return 'unavailable';
      return 'failed';
    }
  }
  if (typeof browser.clipboard?.writeText === 'function') {
    try {
      await browser.clipboard.writeText(data.url);
      return 'copied';
    } catch (error) {
      return nameOf(error) === 'NotAllowedError' ? 'unavailable' : 'failed';
    }
  }
  return 'unavailable';
}
