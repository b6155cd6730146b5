// @vitest-environment happy-dom
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { describe, expect, it } from 'vitest';
import type { PageForms } from '#shared/page-forms';
import { hydrateServerPage, PageProviders, serverPage, typeInto } from '#web/testing/server-page';
import { ContactForm } from './contact-form';

function page(onRender: ProfilerOnRenderCallback = () => {}, forms: PageForms = {}) {
  return (
    <PageProviders address="/contact" forms={forms}>
      <Profiler id="contact-form" onRender={onRender}>
        <ContactForm />
      </Profiler>
    </PageProviders>
  );
}

/** Hydrates the server's form; answers the commits of its tree from then on. */
function hydrate(container: HTMLElement, forms: PageForms = {}) {
  const commits: string[] = [];
  hydrateServerPage(
    container,
    page((_id, phase) => commits.push(phase), forms),
  );
  return commits;
}

const field = <T extends HTMLElement>(container: HTMLElement, name: string) => {
  const element = container.querySelector<T>(`[name="${name}"]`);
  if (!element) throw new Error(`the contact form has no ${name} field`);
  return element;
};
const counter = (container: HTMLElement) => container.querySelector('#contact-message-hint')?.textContent;

describe('ContactForm', () => {
  it('renders nothing again while a name, email or subject is typed', () => {
    const container = serverPage(page());
    const commits = hydrate(container);
    const hydrated = commits.length;
    for (const name of ['name', 'email', 'subject']) {
      const input = field<HTMLInputElement>(container, name);
      for (const text of ['A', 'Am', 'Ami']) typeInto(input, text);
      expect(input.value).toBe('Ami');
    }
    expect(commits).toHaveLength(hydrated);
  });

  it('renders only when the message’s count changes', () => {
    const container = serverPage(page());
    const commits = hydrate(container);
    const hydrated = commits.length;
    const message = field<HTMLTextAreaElement>(container, 'message');
    typeInto(message, 'Hello');
    expect(counter(container)).toBe('5/5000 characters');
    expect(commits).toHaveLength(hydrated + 1);
    // Spaces at the ends do not count, as the server trims them: the same count, no render.
    typeInto(message, 'Hello  ');
    expect(counter(container)).toBe('5/5000 characters');
    expect(commits).toHaveLength(hydrated + 1);
  });

  it('counts a message typed before the page’s code arrived', () => {
    const container = serverPage(page());
    const message = field<HTMLTextAreaElement>(container, 'message');
    message.value = 'Typed before hydration.';
    hydrate(container);
    expect(message.value).toBe('Typed before hydration.');
    expect(counter(container)).toBe('23/5000 characters');
  });

  it('counts the message a form posted without script came back with, then what is typed', () => {
    const forms: PageForms = {
      contact: {
        values: { name: 'Hodan', email: 'not-an-email', subject: '', message: 'short' },
        errors: { email: 'contact.errors.emailInvalid' },
      },
    };
    const container = serverPage(page(undefined, forms));
    expect(counter(container)).toBe('5/5000 characters');
    hydrate(container, forms);
    expect(counter(container)).toBe('5/5000 characters');
    typeInto(field<HTMLTextAreaElement>(container, 'message'), 'short, then more');
    expect(counter(container)).toBe('16/5000 characters');
  });
});
