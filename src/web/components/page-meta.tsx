import { useT } from '../i18n/locale-provider';

interface PageMetaProps {
  /** The page's own title; the brand name is appended. */
  title?: string;
  description?: string;
}

/** Sets the document title and meta description (React 19 hoists these into <head>). */
export function PageMeta({ title, description }: PageMetaProps) {
  const t = useT();
  const brand = t('common.brand.name');
  return (
    <>
      <title>{title ? `${title} | ${brand}` : t('common.meta.defaultTitle')}</title>
      <meta name="description" content={description ?? t('common.meta.defaultDescription')} />
    </>
  );
}
