import { describe, expect, it, vi } from 'vitest';
import { listingQuerySchema } from '../../../shared/listing-query';
import type { ListingsRepository } from './repository';
import { createListingsService } from './service';

const SEARCH_TTL_MS = 30_000;

function setup() {
  let clock = 1_000; // lru-cache reads a start time of 0 as 'never set'
  const repository = {
    page: vi.fn(async () => []),
    count: vi.fn(async () => 7),
    findShown: vi.fn(),
    findShownMany: vi.fn(),
    featured: vi.fn(),
    similar: vi.fn(),
  } satisfies ListingsRepository;
  const service = createListingsService(repository, { ttlMs: SEARCH_TTL_MS, clock: { now: () => clock } });
  const query = (q: Record<string, string>) => listingQuerySchema.parse({ category: 'product', ...q });
  return { repository, service, query, tick: (ms: number) => (clock += ms) };
}

describe('listings service: totals', () => {
  it('counts a filter set once, whatever the page or sort, until the total expires', async () => {
    const { repository, service, query, tick } = setup();
    expect(await service.search(query({ q: 'sofa' }))).toEqual({ items: [], total: 7, keptForMs: SEARCH_TTL_MS });
    await service.search(query({ q: 'sofa', page: '3', sort: 'price_asc' }));
    expect(repository.count).toHaveBeenCalledTimes(1);
    expect(repository.page).toHaveBeenCalledTimes(2);
    await service.search(query({ q: 'sofa', page: '3', sort: 'price_asc' }));
    expect(repository.page).toHaveBeenCalledTimes(2);
    await service.search(query({ q: 'chair' }));
    expect(repository.count).toHaveBeenCalledTimes(2);
    tick(SEARCH_TTL_MS + 1);
    await service.search(query({ q: 'sofa' }));
    expect(repository.count).toHaveBeenCalledTimes(3);
  });

  it('tells how much longer a page and its total are kept: the sooner of the two', async () => {
    const { service, query, tick } = setup();
    await service.search(query({ q: 'sofa' }));
    tick(10_000);
    // A new page, with the total counted 10 s ago.
    expect((await service.search(query({ q: 'sofa', page: '2' }))).keptForMs).toBe(SEARCH_TTL_MS - 10_000);
    tick(5_000);
    expect((await service.search(query({ q: 'sofa' }))).keptForMs).toBe(SEARCH_TTL_MS - 15_000);
  });

  it('does not keep a failed count', async () => {
    const { repository, service, query } = setup();
    repository.count.mockRejectedValueOnce(new Error('down'));
    await expect(service.search(query({}))).rejects.toThrow('down');
    expect((await service.search(query({}))).total).toBe(7);
  });
});

describe('listings service: pages', () => {
  it('reads a page once until it expires, and shares one read between concurrent requests', async () => {
    const { repository, service, query, tick } = setup();
    await Promise.all([service.search(query({})), service.search(query({})), service.search(query({}))]);
    expect(repository.page).toHaveBeenCalledTimes(1);
    tick(SEARCH_TTL_MS + 1);
    await service.search(query({}));
    expect(repository.page).toHaveBeenCalledTimes(2);
  });

  it('forgets every page and total when listings change', async () => {
    const { repository, service, query } = setup();
    await service.search(query({}));
    service.invalidate();
    await service.search(query({}));
    expect(repository.page).toHaveBeenCalledTimes(2);
    expect(repository.count).toHaveBeenCalledTimes(2);
  });

  it('lets a search in flight finish when listings change, and does not keep what it read', async () => {
    const { repository, service, query } = setup();
    let finishRead: (() => void) | undefined;
    repository.page.mockImplementationOnce(
      () => new Promise((resolve) => (finishRead = () => resolve([{ id: 'before the change' }] as never[]))),
    );
    const inFlight = service.search(query({}));
    await vi.waitFor(() => expect(finishRead).toBeDefined());
    service.invalidate();
    finishRead?.();
    await expect(inFlight).resolves.toMatchObject({ items: [{ id: 'before the change' }], total: 7 });
    // The next search reads again: the page read before the change is not kept.
    expect(await service.search(query({}))).toMatchObject({ items: [], total: 7 });
    expect(repository.page).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed page', async () => {
    const { repository, service, query } = setup();
    repository.page.mockRejectedValueOnce(new Error('down'));
    await expect(service.search(query({}))).rejects.toThrow('down');
    await service.search(query({}));
    expect(repository.page).toHaveBeenCalledTimes(2);
  });
});

describe('listings service without a cache (SEARCH_CACHE_SECONDS=0)', () => {
  it('asks the repository every time', async () => {
    const repository = {
      page: vi.fn(async () => []),
      count: vi.fn(async () => 3),
      findShown: vi.fn(),
      findShownMany: vi.fn(),
      featured: vi.fn(),
      similar: vi.fn(),
    };
    const service = createListingsService(repository, { ttlMs: 0 });
    const query = listingQuerySchema.parse({ category: 'visa' });
    await service.search(query);
    await service.search(query);
    expect(repository.page).toHaveBeenCalledTimes(2);
    expect(repository.count).toHaveBeenCalledTimes(2);
  });
});

describe('listings service: memory', () => {
  it('keeps pages within a size bound, dropping the oldest', async () => {
    // One page of 50 listings with 5,000-character descriptions is about 250,000 characters.
    const big = Array.from({ length: 50 }, (_, i) => ({ id: String(i), description: 'x'.repeat(5_000) }));
    const repository = {
      page: vi.fn(async () => big as never[]),
      count: vi.fn(async () => 50),
      findShown: vi.fn(),
      findShownMany: vi.fn(),
      featured: vi.fn(),
      similar: vi.fn(),
    };
    const service = createListingsService(repository, { ttlMs: SEARCH_TTL_MS });
    const query = (page: number) => listingQuerySchema.parse({ category: 'product', page: String(page) });
    for (let page = 1; page <= 100; page++) await service.search(query(page));
    expect(repository.page).toHaveBeenCalledTimes(100);
    await service.search(query(100)); // the newest is kept
    expect(repository.page).toHaveBeenCalledTimes(100);
    await service.search(query(1)); // the oldest went to make room
    expect(repository.page).toHaveBeenCalledTimes(101);
  });
});
