import { Pagination } from '#web/components/ui/pagination';
import { useT } from '#web/i18n/locale-provider';

/** A staff list's page numbers (`?page=n`), shown when there is more than one page. */
export function PageLinks({
  page,
  pages,
  hrefFor,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
}) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <Pagination
      className="mt-4"
      page={page}
      pages={pages}
      hrefFor={hrefFor}
      label={t('admin.listings.pagination.label')}
      previous={t('admin.listings.pagination.previous')}
      next={t('admin.listings.pagination.next')}
      pageName={(n) => t('admin.listings.pagination.page', { n })}
      status={t('admin.listings.pagination.status', { page, pages })}
    />
  );
}
