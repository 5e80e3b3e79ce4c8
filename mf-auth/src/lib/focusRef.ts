import type { RefCallback, RefObject } from 'react';

/**
 * A callback ref that points one shared `RefObject<HTMLElement>` at whatever element a stage
 * renders first (an input, a button), so the modal's focus target keeps one identity across stages.
 */
export function assignFocus<T extends HTMLElement>(target: RefObject<HTMLElement | null>): RefCallback<T> {
  return (element) => {
    target.current = element;
  };
}
