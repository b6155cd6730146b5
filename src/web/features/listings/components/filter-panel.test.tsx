// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { noteServerForms } from '#web/lib/changed-before-hydration';
import { hydrateServerPage, PageProviders, renderInBrowser, serverPage } from '#web/testing/server-page';
import { FilterPanel } from './filter-panel';

/** The address, and whether anything moved to another one (the first entry's key is "default"). */
function Address() {
  const { search, key } = useLocation();
  return <output data-testid="address">{`${search}|${key}`}</output>;
}

function page(onRender: ProfilerOnRenderCallback = () => {}, address = '/marketplace') {
  return (
    <PageProviders address={address}>
      <Profiler id="filters" onRender={onRender}>
        <FilterPanel category="product" />
      </Profiler>
      <Address />
    </PageProviders>
  );
}

function hydrate(container: HTMLElement, onRender?: ProfilerOnRenderCallback) {
  hydrateServerPage(container, page(onRender));
}

describe('FilterPanel hydrating the server page', () => {
  it('renders once: nothing makes it render again right after hydration', () => {
    const container = serverPage(page());
    const phases: string[] = [];
    hydrate(container, (_id, phase) => phases.push(phase));
    expect(phases).toEqual(['mount']);
    expect(address(container)).toBe('|default');
  });

  it('applies a select picked before the code arrived', async () => {
    const container = serverPage(page());
    const condition = container.querySelector<HTMLSelectElement>('select[name="condition"]');
    if (!condition) throw new Error('the marketplace filters have no condition select');
    condition.selectedIndex = 1;
    const picked = condition.value;
    hydrate(container);
    // The app's data router navigates in a task of its own, as in the browser.
    await waitFor(() => expect(address(container)).toMatch(new RegExp(`^\\?condition=${picked}\\|(?!default)`)));
  });

  it('leaves a form the browser renders itself alone (after a move inside the site)', () => {
    const picked = serverPage(page()).querySelector<HTMLSelectElement>('select[name="condition"]')?.options[1]?.value;
    noteServerForms();
    document.body.replaceChildren();
    // Its select shows the address's choice, which is not the option the markup marks.
    const container = renderInBrowser(page(undefined, `/marketplace?condition=${picked}`));
    expect(address(container)).toBe(`?condition=${picked}|default`);
  });
});

const address = (container: HTMLElement) => container.querySelector('[data-testid="address"]')?.textContent;
