/**
 * At most `concurrency` pieces of work at once; the rest wait in line, first come first
 * served, for at most `maxWaitMs`, after which they are turned away. A burst then costs
 * each admitted request the time of a few others, not of every request that arrived with it
 * (hundreds of requests each taking turns with all the others, their database queries in one
 * queue, all finish late together).
 */
export interface WorkLine {
  /** Resolves true once the owner may start, false if it waited `maxWaitMs` in vain. */
  enter(owner: object): Promise<boolean>;
  /** The owner is done (or gone while waiting): the next in line may start. */
  leave(owner: object): void;
  /** Working now and waiting in line. */
  size(): { working: number; waiting: number };
}

interface Waiting {
  owner: object;
  since: number;
  admit(admitted: boolean): void;
  timer: NodeJS.Timeout;
}

export function createWorkLine({ concurrency, maxWaitMs }: { concurrency: number; maxWaitMs: number }): WorkLine {
  const working = new Set<object>();
  const waiting: Waiting[] = [];

  const remove = (entry: Waiting) => {
    const at = waiting.indexOf(entry);
    if (at >= 0) waiting.splice(at, 1);
  };

  return {
    enter(owner) {
      if (working.size < concurrency) {
        working.add(owner);
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve) => {
        const entry: Waiting = {
          owner,
          since: performance.now(),
          admit: resolve,
          timer: setTimeout(() => {
            remove(entry);
            resolve(false);
          }, maxWaitMs),
        };
        waiting.push(entry);
      });
    },
    leave(owner) {
      if (!working.delete(owner)) {
        const entry = waiting.find((candidate) => candidate.owner === owner);
        if (entry) {
          clearTimeout(entry.timer);
          remove(entry);
          entry.admit(false);
        }
        return;
      }
      for (let next = waiting.shift(); next; next = waiting.shift()) {
        clearTimeout(next.timer);
        // Its time ran out while the event loop was busy, before its timer could tell it.
        if (performance.now() - next.since >= maxWaitMs) {
          next.admit(false);
          continue;
        }
        working.add(next.owner);
        next.admit(true);
        return;
      }
    },
    size: () => ({ working: working.size, waiting: waiting.length }),
  };
}
