// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { useListingSearchParams } from './use-listing-search-params';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.replaceChildren();
});

it('keeps both of two filters picked before the page re-renders', async () => {
  let update: ReturnType<typeof useListingSearchParams>['update'] | undefined;
  function Page() {
    update = useListingSearchParams('visa').update;
    return null;
  }
  const router = createMemoryRouter([{ path: '/visa-assistance', element: <Page /> }], {
    initialEntries: ['/visa-assistance'],
  });
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root?.render(<RouterProvider router={router} />));

  // Both in one task: the second pick comes before any render shows the first.
  await act(async () => {
    update?.({ country: 'USA' });
    update?.({ minPrice: '10000', maxPrice: '25000' });
  });
  expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
    country: 'USA',
    minPrice: '10000',
    maxPrice: '25000',
  });
});
