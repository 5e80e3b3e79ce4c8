import { api, isApiError } from '@lab/api';
import { useCallback, useState } from 'react';
import { saveBlob } from '../../lib';

type PdfState = { busy: boolean; error: unknown };

/**
 * The order's results as the server's PDF, saved as `results-<number>.pdf`. A failure is logged and
 * only its status reaches the screen (spec section 8: result fetches pass only the HTTP status).
 */
export function useResultsPdf(): [PdfState, (registryId: number, number: string) => Promise<void>] {
  const [state, setState] = useState<PdfState>({ busy: false, error: null });
  const download = useCallback(async (registryId: number, number: string) => {
    setState({ busy: true, error: null });
    try {
      saveBlob(await api.results.pdf(registryId), `results-${number}.pdf`);
      setState({ busy: false, error: null });
    } catch (error) {
      console.error('The results PDF could not be downloaded', isApiError(error) ? error.status : error);
      setState({ busy: false, error });
    }
  }, []);
  return [state, download];
}
