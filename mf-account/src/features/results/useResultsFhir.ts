import { api } from '@lab/api';
import { type DownloadState, useDownload } from '../../lib';

const resultsFhir = async (registryId: number, number: string) => ({
  blob: await api.results.fhir(registryId),
  name: `results-${number}.fhir.json`,
});

/** The order's results as the server's FHIR R4 Bundle, saved as `results-<number>.fhir.json`. */
export function useResultsFhir(): [DownloadState, (registryId: number, number: string) => Promise<void>] {
  return useDownload('results FHIR file', resultsFhir);
}
