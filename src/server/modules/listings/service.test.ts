import { describe, expect, it, vi } from 'vitest';
import type { Category } from '#shared/categories';
import { type ListingQuery, listingQuerySchema } from '#shared/listing-query';
import type { ListingsRepository } from './repository';
import { createListingsService } from './service';
import type { SimilarCandidate } from './similar';

const SEARCH_TTL_MS = 30_000;

function fakeRepository(items: unknown[] = [], total = 7) {
  return {
    page: vi.fn(async () => items as never[]),
    count: vi.fn(async (_query: ListingQuery) => total),
    searchedFor: vi.fn(async (_query: ListingQuery) => undefined as string | undefined),
    findPublic: vi.fn(async () => null),
    findPublicMany: vi.fn(),
    featured: vi.fn(async () => []),
    similarPool: vi.fn(async (_category: Category) => [] as SimilarCandidate[]),
    similarSource: vi.fn(async (_id: string) => null),
  } satisfies ListingsRepository;
}

function setup(repository = fakeRepository()) {
  let clock = 1_000; // lru-cache reads a start time of 0 as 'never set'
  const service = createListingsService(repository, { ttlMs: SEARCH_TTL_MS, clock: { now: () => clock } });
  const query = (q: Record<string, string>) => listingQuerySchema.parse({ category: 'product', ...q });
  return { repository, service, query, tick: (ms: number) => (clock += ms) };
}

describe('listings service: results', () => {
  it('answers as the API does: the page, its total, its JSON', async () => {
    const { service, query } = setup();
    const { page, body } = await service.search(query({ q: 'sofa', page: '2' }));
    expect(page).toMatchObject({ items: [], total: 7, totalExact: true, page: 2 });
    expect(JSON.parse(body.text ?? '')).toEqual(JSON.parse(JSON.stringify(page)));
  });

  it('offers the same words without the filters when nothing matches, and featured listings on the first page only', async () => {
    const repository = fakeRepository([], 0);
    repository.count.mockImplementation(async (f: ListingQuery) => (f.condition ? 0 : 4));
    const { service, query } = setup(repository);
    const { page } = await service.search(query({ q: 'sofa', condition: 'used' }));
    expect(page.nearby).toMatchObject({ total: 4, query: 'q=sofa' });
    await service.search(query({}));
    await service.search(query({ page: '2' }));
    expect(repository.featured).toHaveBeenCalledTimes(1);
  });

  it('reads a query once until it expires, and shares one read between concurrent requests', async () => {
    const { repository, service, query, tick } = setup();
    await Promise.all([service.search(query({})), service.search(query({})), service.search(query({}))]);
    expect(repository.page).toHaveBeenCalledTimes(1);
    await service.search(query({ page: '2' }));
    expect(repository.page).toHaveBeenCalledTimes(2);
    tick(SEARCH_TTL_MS + 1);
    await service.search(query({}));
    expect(repository.page).toHaveBeenCalledTimes(3);
  });

  it('forgets every result when listings change', async () => {
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
    await expect(inFlight).resolves.toMatchObject({ page: { items: [{ id: 'before the change' }], total: 7 } });
    // The next search reads again: the page read before the change is not kept.
    expect((await service.search(query({}))).page).toMatchObject({ items: [], total: 7 });
    expect(repository.page).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed read', async () => {
    const { repository, service, query } = setup();
    repository.count.mockRejectedValueOnce(new Error('down'));
    await expect(service.search(query({}))).rejects.toThrow('down');
    expect((await service.search(query({}))).page.total).toBe(7);
    expect(repository.count).toHaveBeenCalledTimes(2);
  });

  it('keeps results within a size bound, dropping the oldest', async () => {
    // One page of 50 listings with 5,000-character descriptions is about 250,000 characters.
    const big = Array.from({ length: 50 }, (_, i) => ({ id: String(i), description: 'x'.repeat(5_000) }));
    const { repository, service, query } = setup(fakeRepository(big, 50));
    const page = (n: number) => query({ page: String(n) });
    for (let n = 1; n <= 100; n++) await service.search(page(n));
    expect(repository.page).toHaveBeenCalledTimes(100);
    await service.search(page(100)); // the newest is kept
    expect(repository.page).toHaveBeenCalledTimes(100);
    await service.search(page(1)); // the oldest went to make room
    expect(repository.page).toHaveBeenCalledTimes(101);
  });
});

describe('listings service without a cache (SEARCH_CACHE_SECONDS=0)', () => {
  it('asks the repository every time', async () => {
    const repository = fakeRepository([], 3);
    const service = createListingsService(repository, { ttlMs: 0 });
    const query = listingQuerySchema.parse({ category: 'visa' });
    await service.search(query);
    await service.search(query);
    expect(repository.page).toHaveBeenCalledTimes(2);
    expect(repository.count).toHaveBeenCalledTimes(2);
  });
});

describe('listings service: one listing', () => {
  it('answers 404 for an id that is not a listing id or not shown', async () => {
    const { service } = setup();
    await expect(service.listing('not-an-id')).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.listing('5b1f3c1e-8f2a-4c3b-9d4e-2a1b3c4d5e6f')).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('listings service: one listing and its similar ones, cached like results', () => {
  const id = '5b1f3c1e-8f2a-4c3b-9d4e-2a1b3c4d5e6f';
  const shown = { id, title: 'Sofa', category: 'product', price: 100 } as never;
  const other = { id: '6b1f3c1e-8f2a-4c3b-9d4e-2a1b3c4d5e6f', title: 'Chair', category: 'product', price: 90 } as never;

  it("reads a listing and its similar ones once for a page's head, body and every language, until listings change", async () => {
    const repository = fakeRepository();
    repository.findPublic.mockImplementation(async () => shown);
    repository.similarPool.mockImplementation(async () => [
      { listing: shown, titleWords: ['sofa'], words: ['sofa'] },
      { listing: other, titleWords: ['chair'], words: ['chair'] },
    ]);
    const { service, tick } = setup(repository);
    await Promise.all([service.listing(id), service.listing(id), service.similar(id), service.similar(id)]);
    await service.listing(id);
    expect(await service.similar(id)).toEqual({ items: [other] });
    expect(repository.findPublic).toHaveBeenCalledTimes(1);
    expect(repository.similarPool).toHaveBeenCalledTimes(1);
    // In the pool: its words are there, not read again.
    expect(repository.similarSource).not.toHaveBeenCalled();
    service.invalidate();
    await service.listing(id);
    expect(repository.findPublic).toHaveBeenCalledTimes(2);
    tick(SEARCH_TTL_MS + 1);
    await service.similar(id);
    expect(repository.similarPool).toHaveBeenCalledTimes(2);
  });

  it('keeps a listing that is not shown as not found, and never reads an id that is not one', async () => {
    const { repository, service } = setup();
    await expect(service.listing(id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.listing(id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.similar('not-an-id')).rejects.toMatchObject({ statusCode: 404 });
    expect(repository.findPublic).toHaveBeenCalledTimes(1);
    expect(repository.similarPool).not.toHaveBeenCalled();
  });
});
