import { createContext, useContext } from 'react';
import type { PageSummary } from '#shared/page-rendering';
import { useT } from '#web/i18n/locale-provider';

/**
 * Where the server's renderer collects the page's own title and description, for the page's
 * link preview (Open Graph tags); absent in the browser.
 */
export const PageSummaryContext = createContext<PageSummary | null>(null);

interface PageMetaProps {
  /** The page's own title; the brand name is appended. */
  title?: string;
  description?: string;
}

/** Sets the document title and meta description (React 19 hoists these into <head>). */
export function PageMeta({ title, description }: PageMetaProps) {
  const t = useT();
  const brand = t('common.brand.name');
  const summary = useContext(PageSummaryContext);
  if (summary) {
    summary.title = title ?? t('common.meta.defaultTitle');
    summary.description = description ?? t('common.meta.defaultDescription');
  }
  return (
    <>
      <title>{title ? `${title} | ${brand}` : t('common.meta.defaultTitle')}</title>
      <meta name="description" content={description ?? t('common.meta.defaultDescription')} />
    </>
  );
}
