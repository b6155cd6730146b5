// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { useListingSearchParams } from './use-listing-search-params';

afterEach(cleanup);

it('keeps both of two filters picked before the page re-renders', async () => {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  // The hook inside a real router at the page's address, as the page runs it.
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '/visa-assistance', element: children }], {
      initialEntries: ['/visa-assistance'],
    });
    return <RouterProvider router={router} />;
  };
  const { result } = renderHook(() => useListingSearchParams('visa'), { wrapper });

  // Both in one task: the second pick comes before any render shows the first.
  await act(async () => {
    result.current.update({ country: 'USA' });
    result.current.update({ minPrice: '10000', maxPrice: '25000' });
  });
  expect(Object.fromEntries(new URLSearchParams(router?.state.location.search))).toEqual({
    country: 'USA',
    minPrice: '10000',
    maxPrice: '25000',
  });
});

it('adds one history entry when the same pick arrives twice (replayed as the page hydrates)', async () => {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '/marketplace', element: children }], {
      initialEntries: ['/marketplace'],
    });
    return <RouterProvider router={router} />;
  };
  const { result } = renderHook(() => useListingSearchParams('product'), { wrapper });

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
    await router?.navigate(-1);
  });
  expect(router?.state.location.search).toBe('?condition=used');
  await act(async () => {
    await router?.navigate(-1);
  });
  expect(router?.state.location.search).toBe('');
  expect(router?.state.location.pathname).toBe('/marketplace');
});
