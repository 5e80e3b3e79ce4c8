import { useEffect } from 'react';

/** While a results page is shown, printing (our button or Ctrl+P) prints only the results. */
export const PRINT_SCOPE = 'account-results';

export function usePrintScope(): void {
  useEffect(() => {
    const body = document.body;
    body.dataset.printScope = PRINT_SCOPE;
    return () => {
      if (body.dataset.printScope === PRINT_SCOPE) delete body.dataset.printScope;
    };
  }, []);
}
