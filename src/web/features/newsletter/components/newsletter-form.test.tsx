// @vitest-environment happy-dom
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { describe, expect, it } from 'vitest';
import type { PageForms } from '#shared/page-forms';
import { hydrateServerPage, PageProviders, serverPage, typeInto } from '#web/testing/server-page';
import { NewsletterForm } from './newsletter-form';

function page(forms: PageForms, onRender: ProfilerOnRenderCallback = () => {}) {
  return (
    <PageProviders address="/about" forms={forms}>
      <Profiler id="newsletter" onRender={onRender}>
        <NewsletterForm />
      </Profiler>
    </PageProviders>
  );
}

/** The server's form, hydrated; answers its email box and the commits of its tree from then on. */
function hydrated(forms: PageForms = {}) {
  const container = serverPage(page(forms));
  const commits: string[] = [];
  hydrateServerPage(
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
