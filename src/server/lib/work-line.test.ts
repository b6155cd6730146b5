import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWorkLine } from './work-line';

describe('work line', () => {
  afterEach(() => vi.useRealTimers());

  it('lets `concurrency` owners work at once and admits the others first come first served', async () => {
    const line = createWorkLine({ concurrency: 2, maxWaitMs: 60_000 });
    const [a, b, c, d] = [{}, {}, {}, {}];
    expect(await line.enter(a)).toBe(true);
    expect(await line.enter(b)).toBe(true);
    const admitted: string[] = [];
    const third = line.enter(c).then((ok) => admitted.push(`c:${ok}`));
    const fourth = line.enter(d).then((ok) => admitted.push(`d:${ok}`));
    expect(line.size()).toEqual({ working: 2, waiting: 2 });

    line.leave(b);
    await third;
    expect(admitted).toEqual(['c:true']);
    expect(line.size()).toEqual({ working: 2, waiting: 1 });
    line.leave(a);
    await fourth;
    expect(admitted).toEqual(['c:true', 'd:true']);
    expect(line.size()).toEqual({ working: 2, waiting: 0 });
  });

  it('turns away an owner that waited maxWaitMs, and the line goes on without it', async () => {
    vi.useFakeTimers();
    const line = createWorkLine({ concurrency: 1, maxWaitMs: 500 });
    const [a, b, c] = [{}, {}, {}];
    await line.enter(a);
    const late = line.enter(b);
    await vi.advanceTimersByTimeAsync(499);
    const next = line.enter(c);
    expect(line.size().waiting).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(await late).toBe(false);
    expect(line.size()).toEqual({ working: 1, waiting: 1 });
    // The one turned away never held a place: its leave frees nothing.
    line.leave(b);
    expect(line.size()).toEqual({ working: 1, waiting: 1 });
    line.leave(a);
    expect(await next).toBe(true);
    expect(line.size()).toEqual({ working: 1, waiting: 0 });
  });

  it('turns away an owner whose time ran out while the event loop was busy, before its timer fired', async () => {
    const line = createWorkLine({ concurrency: 1, maxWaitMs: 20 });
    const [a, b, c] = [{}, {}, {}];
    await line.enter(a);
    const late = line.enter(b);
    // Busy past b's time, so its timer cannot run before the place frees.
    const busyUntil = performance.now() + 30;
    while (performance.now() < busyUntil);
    const next = line.enter(c);
    line.leave(a);
    expect(await late).toBe(false);
    expect(await next).toBe(true);
  });

  it('drops an owner that leaves while waiting (its client went away), without admitting it', async () => {
    const line = createWorkLine({ concurrency: 1, maxWaitMs: 60_000 });
    const [a, b, c] = [{}, {}, {}];
    await line.enter(a);
    const gone = line.enter(b);
    const next = line.enter(c);
    line.leave(b);
    expect(await gone).toBe(false);
    line.leave(a);
    expect(await next).toBe(true);
    expect(line.size()).toEqual({ working: 1, waiting: 0 });
  });
});
