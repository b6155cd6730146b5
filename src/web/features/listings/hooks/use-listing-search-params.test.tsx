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
