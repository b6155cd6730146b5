import { useActionData, useRouteLoaderData } from 'react-router';
import type { Translate } from '#shared/i18n/core';
import { type FormActionContext, type PageForms, PUBLIC_LAYOUT_ROUTE } from '#shared/page-forms';
import { apiWrites } from './api-writes';

/**
 * What the forms' route actions answered that this page must show: the flash the layout's
 * loader read (after a form posted without script was redirected), and the action data of the
 * page's own route (a form posted without script answered with its page).
 */
export function usePageForms(): PageForms {
  const flash = useRouteLoaderData(PUBLIC_LAYOUT_ROUTE) as PageForms | undefined;
  const answered = useActionData() as PageForms | undefined;
  return { ...flash, ...answered };
}

/**
 * A route action's context: the server's (writes through its services, a flash for the
 * redirect), or in the browser the JSON API and no flash (the form shows the answer in place).
 */
export function formActionContext(context: unknown): {
  writes: FormActionContext['writes'];
  flash?: FormActionContext['flash'];
} {
  const server = context as Partial<FormActionContext> | undefined;
  return server?.writes && server.flash ? { writes: server.writes, flash: server.flash } : { writes: apiWrites };
}

/** A posted form's text field, if it was sent as text. */
export function formText(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
}

/** "Too many requests. Please wait {n} seconds…", for a form posted past its rate limit. */
export function tooManyRequestsText(t: Translate, seconds: number): string {
  return t(seconds === 1 ? 'common.errors.tooManyRequestsOne' : 'common.errors.tooManyRequests', { n: seconds });
}
