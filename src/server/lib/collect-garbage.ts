import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection of this thread's heap now. For after a burst of start-up work whose
 * garbage an idle process, its heap small, would not collect for a long time.
 */
export function collectGarbage() {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
