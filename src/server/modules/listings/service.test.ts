import { describe, expect, it, vi } from 'vitest';
import { listingQuerySchema } from '../../../shared/listing-query';
import type { ListingsRepository } from './repository';
import { COUNT_TTL_MS, createListingsService } from './service';

function setup() {
  let clock = 0;
  const repository = {
    page: vi.fn(async () => []),
    count: vi.fn(async () => 7),
    findActive: vi.fn(),
  } satisfies ListingsRepository;
  const service = createListingsService(repository, () => clock);
  const query = (q: Record<string, string>) => listingQuerySchema.parse({ category: 'product', ...q });
  return { repository, service, query, tick: (ms: number) => (clock += ms) };
}

describe('listings service: totals', () => {
  it('counts a filter set once, whatever the page or sort, until the total expires', async () => {
    const { repository, service, query, tick } = setup();
    expect(await service.search(query({ q: 'sofa' }))).toEqual({ items: [], total: 7 });
    await service.search(query({ q: 'sofa', page: '3', sort: 'price_asc' }));
    expect(repository.count).toHaveBeenCalledTimes(1);
    expect(repository.page).toHaveBeenCalledTimes(2);
    await service.search(query({ q: 'chair' }));
    expect(repository.count).toHaveBeenCalledTimes(2);
    tick(COUNT_TTL_MS + 1);
    await service.search(query({ q: 'sofa' }));
    expect(repository.count).toHaveBeenCalledTimes(3);
  });

  it('does not keep a failed count', async () => {
    const { repository, service, query } = setup();
    repository.count.mockRejectedValueOnce(new Error('down'));
    await expect(service.search(query({}))).rejects.toThrow('down');
    expect((await service.search(query({}))).total).toBe(7);
  });
});
