import { useLocation } from '@lab/router';
import { useEffect } from 'react';
import { captureUtm } from './utm';

/**
 * After the first render, the landing URL's utm_ parameters are saved when they differ from those
 * stored (docs/product.md#orders). Runs once per mount: the shell mounts it once per page.
 */
export function useUtmCapture(): void {
  const { search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the landing URL only, on the first render
  useEffect(() => {
    captureUtm(search);
  }, []);
}
