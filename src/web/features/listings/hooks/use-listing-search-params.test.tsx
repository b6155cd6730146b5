// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import type { Category } from '#shared/categories';
import { useListingSearchParams } from './use-listing-search-params';

afterEach(cleanup);

/** The hook inside a real router at the page's address, as the page runs it. */
function renderAt(path: string, category: Category) {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path, element: children }], { initialEntries: [path] });
    return <RouterProvider router={router} />;
  };
  const { result } = renderHook(() => useListingSearchParams(category), { wrapper });
  if (!router) throw new Error('the wrapper did not render');
  return { router, result };
}

it('keeps both of two filters picked before the page re-renders', async () => {
  const { router, result } = renderAt('/visa-assistance', 'visa');

  // Both in one task: the second pick comes before any render shows the first.
  await act(async () => {
    result.current.update({ country: 'USA' });
    result.current.update({ minPrice: '10000', maxPrice: '25000' });
  });
  expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
    country: 'USA',
    minPrice: '10000',
    maxPrice: '25000',
  });
});

it('adds one history entry when the same pick arrives twice (replayed as the page hydrates)', async () => {
  const { router, result } = renderAt('/marketplace', 'product');

  // A pick made before hydration is applied once the scripts run, and React replays its change event.
  await act(async () => {
    result.current.update({ condition: 'used' });
  });
  await act(async () => {
    result.current.update({ condition: 'used' });
    result.current.clear();
    result.current.clear();
  });
  await act(async () => {
    await router.navigate(-1);
  });
  expect(router.state.location.search).toBe('?condition=used');
  await act(async () => {
    await router.navigate(-1);
  });
  expect(router.state.location.search).toBe('');
  expect(router.state.location.pathname).toBe('/marketplace');
});
