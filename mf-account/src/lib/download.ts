import { isApiError } from '@lab/api';
import { useCallback, useState } from 'react';

/** A file the server sends as base64 (the receipt PDF) turned into a Blob. */
export function base64ToBlob(base64: string, type: string): Blob {
  const binary = atob(base64.replace(/^data:[^,]*,/, '').replace(/\s/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type });
}

/** Saves a Blob through a temporary download link; the object URL is released a minute later. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export type DownloadState = { busy: boolean; error: unknown };

/**
 * A file the server makes (the receipt, the results PDF) fetched and saved under its name; a failure
 * is logged with its status only and kept for the screen, which shows only that status (docs/product.md#errors).
 */
export function useDownload<A extends unknown[]>(
  what: string,
  fetchFile: (...args: A) => Promise<{ blob: Blob; name: string }>,
): [DownloadState, (...args: A) => Promise<void>] {
  const [state, setState] = useState<DownloadState>({ busy: false, error: null });
  const download = useCallback(
    async (...args: A) => {
      setState({ busy: true, error: null });
      try {
        const file = await fetchFile(...args);
        saveBlob(file.blob, file.name);
        setState({ busy: false, error: null });
      } catch (error) {
        console.error(`The ${what} could not be downloaded`, isApiError(error) ? error.status : error);
        setState({ busy: false, error });
      }
    },
    [what, fetchFile],
  );
  return [state, download];
}
