import { api } from '@lab/api';
import { type DownloadState, useDownload } from '../../lib';

const resultsPdf = async (registryId: number, number: string) => ({
  blob: await api.results.pdf(registryId),
  name: `results-${number}.pdf`,
});

/** The order's results as the server's PDF, saved as `results-<number>.pdf`. */
export function useResultsPdf(): [DownloadState, (registryId: number, number: string) => Promise<void>] {
  return useDownload('results PDF', resultsPdf);
}
