import { createContext, useContext } from 'react';
import type { PageForms } from '../../shared/page-forms';

/**
 * The outcome of a form posted without the page's script, handed over by the server with the
 * page it answered (src/shared/page-forms.ts); empty otherwise.
 */
export const PageFormsContext = createContext<PageForms>({});

export const usePageForms = () => useContext(PageFormsContext);
