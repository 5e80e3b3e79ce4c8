import { useEffect, useState } from 'react';
import type { LabEventName } from './events';
import { isKept, onKept } from './pending';

/**
 * True from the first time an event of this name was kept for a listener that is not there (and
 * then for good): the shell loads the remote that listens only once someone asked for it, and the
 * remote takes the kept event when it mounts.
 */
export function useKept(name: LabEventName): boolean {
  const [kept, setKept] = useState(() => isKept(name));
  useEffect(() => {
    if (kept) return;
    // kept between the first render and this effect
    if (isKept(name)) {
      setKept(true);
      return;
    }
    return onKept((keptName) => {
      if (keptName === name) setKept(true);
    });
  }, [name, kept]);
  return kept;
}
