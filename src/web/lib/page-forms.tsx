import { createContext, useContext } from 'react';
import type { Translate } from '#shared/i18n/core';
import type { PageForms } from '#shared/page-forms';

/**
 * The outcome of a form posted without the page's script, handed over by the server with the
 * page it answered (src/shared/page-forms.ts); empty otherwise.
 */
export const PageFormsContext = createContext<PageForms>({});

export const usePageForms = () => useContext(PageFormsContext);

/** "Too many requests. Please wait {n} seconds…", for a form posted past its rate limit. */
export function tooManyRequestsText(t: Translate, seconds: number): string {
  return t(seconds === 1 ? 'common.errors.tooManyRequestsOne' : 'common.errors.tooManyRequests', { n: seconds });
}
