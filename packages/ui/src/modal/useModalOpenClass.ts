import { useEffect } from 'react';

const CLASS_NAME = 'modal-open';

/**
 * Adds `modal-open` to <body> while active and removes it when the last open modal closes
 * (docs/product.md#controls). The count lives on <body> rather than in this module so that two copies of
 * the package (a remote that could not share ours) still agree on it.
 */
export function useModalOpenClass(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const { body } = document;
    body.dataset.modalCount = String(Number(body.dataset.modalCount ?? 0) + 1);
    body.classList.add(CLASS_NAME);
    return () => {
      const remaining = Number(body.dataset.modalCount ?? 1) - 1;
      if (remaining > 0) {
        body.dataset.modalCount = String(remaining);
      } else {
        delete body.dataset.modalCount;
        body.classList.remove(CLASS_NAME);
      }
    };
  }, [active]);
}
