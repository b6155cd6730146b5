import type { ReactNode } from 'react';
import type { Category } from '../../../../shared/categories';
import type { MessageKey } from '../../../../shared/i18n';
import { PageMeta } from '../../../components/page-meta';
import { useT } from '../../../i18n/locale-provider';
import { FilterPanel } from './filter-panel';
import { ListingResults } from './listing-results';

interface CategoryPageProps {
  category: Category;
  /** Under the filters, inside their form (the visa page's Clear All). */
  filterActions?: ReactNode;
  /** Under the hero text (the visa page's feature ticks). */
  heroExtra?: ReactNode;
  emptyAction?: ReactNode;
}

/** Hero, filter panel and results: the frame every category page shares (spec §2). */
export function CategoryPage({ category, filterActions, heroExtra, emptyAction }: CategoryPageProps) {
  const t = useT();
  const text = (key: string) => t(`listings.pages.${category}.${key}` as MessageKey);
  return (
    <>
      <PageMeta title={text('title')} description={text('metaDescription')} />
      <section className="bg-brand-800 px-4 py-10 text-white sm:py-14">
        <div className="mx-auto max-w-7xl">
          <h1 className="text-3xl font-bold sm:text-4xl">{text('title')}</h1>
          <p className="mt-3 max-w-2xl text-lg text-brand-50">{text('subtitle')}</p>
          {heroExtra}
        </div>
      </section>
      <div className="mx-auto max-w-7xl px-4 py-8">
        <section
          aria-labelledby="filters-heading"
          className="mb-8 rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
        >
          <h2 id="filters-heading" className="sr-only">
            {t('listings.filters.heading')}
          </h2>
          <FilterPanel category={category}>{filterActions}</FilterPanel>
        </section>
        <ListingResults category={category} emptyAction={emptyAction} />
      </div>
    </>
  );
}
