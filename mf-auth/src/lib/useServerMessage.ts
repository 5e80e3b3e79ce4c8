import { isApiError } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { useCallback } from 'react';

/** Codes the client gives a failure with no server body; their messages are not for people. */
const CLIENT_CODES = new Set(['network', 'canceled', 'http', 'unknown']);

/**
 * The text to show for a failed call: the server's own message (localized by Accept-Language), or
 * ours when no server answer came (offline, timeout, a proxy's bare 502).
 */
export function useServerMessage(): (failure: unknown) => string {
  const { t } = useTranslation('auth');
  return useCallback(
    (failure: unknown) => {
      if (isApiError(failure) && !CLIENT_CODES.has(failure.code) && failure.message) return failure.message;
      if (isApiError(failure) && failure.code === 'network') return t('errors.network');
      return t('errors.unknown');
    },
    [t],
  );
}
