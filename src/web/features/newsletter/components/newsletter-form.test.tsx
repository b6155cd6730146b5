// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, Profiler, type ProfilerOnRenderCallback } from 'react';
import type { Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageForms } from '../../../../shared/page-forms';
import { LocaleProvider } from '../../../i18n/locale-provider';
import { PageFormsContext } from '../../../lib/page-forms';
import { hydrateServerPage, serverPage, typeInto } from '../../../testing/server-page';
import { NewsletterForm } from './newsletter-form';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

function page(forms: PageForms, onRender: ProfilerOnRenderCallback = () => {}) {
  return (
    <LocaleProvider initialLocale="en">
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/about']}>
          <PageFormsContext.Provider value={forms}>
            <Profiler id="newsletter" onRender={onRender}>
              <NewsletterForm />
            </Profiler>
          </PageFormsContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>
    </LocaleProvider>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
});

/** The server's form, hydrated; answers its email box and the commits of its tree from then on. */
function hydrated(forms: PageForms = {}) {
  const container = serverPage(page(forms));
  const commits: string[] = [];
  root = hydrateServerPage(
    container,
    page(forms, (_id, phase) => commits.push(phase)),
  );
  const email = container.querySelector<HTMLInputElement>('input[name="email"]');
  if (!email) throw new Error('the newsletter form has no email box');
  return { container, email, commits };
}

describe('NewsletterForm', () => {
  it('renders nothing again while an address is typed', () => {
    const { email, commits } = hydrated();
    const before = commits.length;
    for (const text of ['a', 'am', 'amina@']) typeInto(email, text);
    expect(email.value).toBe('amina@');
    expect(commits).toHaveLength(before);
  });

  it('clears the message the posted form came back with at the first key press, once', () => {
    const { container, email, commits } = hydrated({
      newsletter: { email: 'amina@', error: 'newsletter.errors.emailInvalid' },
    });
    expect(container.textContent).toContain('Please enter a valid email address');
    const before = commits.length;
    typeInto(email, 'amina@e');
    expect(container.textContent).not.toContain('Please enter a valid email address');
    typeInto(email, 'amina@ex');
    expect(commits).toHaveLength(before + 1);
  });
});
