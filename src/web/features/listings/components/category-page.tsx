import { type ReactNode, useState } from 'react';
import { CATEGORY_ROUTES, type Category } from '#shared/categories';
import type { MessageKey } from '#shared/i18n';
import { PageMeta } from '#web/components/page-meta';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { FragmentButton } from '#web/components/ui/fragment-button';
import { useListingSearchParams } from '#web/features/listings/hooks/use-listing-search-params';
import { activeFilters } from '#web/features/listings/lib/active-filters';
import { useT } from '#web/i18n/locale-provider';
import { AlertForm } from './alert-form';
import { FilterChips } from './filter-chips';
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

/**
 * Hero, filters and results: the frame every category page shares
 * (docs/product.md#category-pages). Below 640 px the search box stays at the top and the other
 * filters wait behind a "Filters (n)" button so the results start on the first screen; the
 * server renders it that way, so nothing moves when the scripts arrive.
 */
export function CategoryPage({ category, filterActions, heroExtra, emptyAction }: CategoryPageProps) {
  const t = useT();
  const text = (key: string) => t(`listings.pages.${category}.${key}` as MessageKey);
  const { params } = useListingSearchParams(category);
  const active = activeFilters(category, params, t);
  const [sheetOpen, setSheetOpen] = useState(false);
  return (
    <>
      <PageMeta title={text('title')} description={text('metaDescription')} />
      <section className="bg-brand-800 px-4 py-6 text-white sm:py-14">
        <div className="mx-auto max-w-7xl">
          <h1 className="text-2xl font-bold sm:text-4xl">{text('title')}</h1>
          <p className="mt-2 max-w-2xl text-brand-50 sm:mt-3 sm:text-lg">{text('subtitle')}</p>
          {heroExtra}
        </div>
      </section>
      <div className="mx-auto max-w-7xl px-4 py-4 sm:py-8">
        <section aria-labelledby="filters-heading" className="mb-4 flex flex-col gap-3 sm:mb-8">
          <h2 id="filters-heading" className="sr-only">
            {t('listings.filters.heading')}
          </h2>
          {/*
            Below 640 px only the search box shows here, at the top of the results; the other
            filters wait behind the button. Without scripts the button is a link to this box,
            which :target shows whole.
          */}
          <div
            id="filters"
            className="group sm:rounded-xl sm:border sm:border-gray-200 sm:bg-white sm:p-4 sm:shadow-sm target:rounded-xl target:border target:border-gray-200 target:bg-white target:p-4 target:shadow-sm"
          >
            <FilterPanel category={category} searchFirstOnPhones>
              {filterActions}
            </FilterPanel>
          </div>
          <FilterSheetButton count={active.length} onOpen={() => setSheetOpen(true)} />
          <FilterChips pathname={`/${CATEGORY_ROUTES[category]}`} filters={active} />
        </section>
        <ListingResults category={category} emptyAction={emptyAction} />
        <AlertForm category={category} />
      </div>
      {sheetOpen && (
        <Dialog
          label={t('listings.filters.sheetTitle')}
          onClose={() => setSheetOpen(false)}
          className="mb-0! max-h-[85dvh] w-full! max-w-none overflow-y-auto rounded-b-none!"
        >
          <div className="flex items-center justify-between border-b border-gray-200 px-4 py-2">
            <h2 className="text-lg font-semibold">{t('listings.filters.sheetTitle')}</h2>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('listings.filters.close')}
              onClick={() => setSheetOpen(false)}
            >
              <span aria-hidden="true" className="text-2xl leading-none">
                ×
              </span>
            </Button>
          </div>
          <div className="p-4">
            <FilterPanel category={category}>{filterActions}</FilterPanel>
            <Button className="mt-4 w-full" onClick={() => setSheetOpen(false)}>
              {t('listings.filters.showResults')}
            </Button>
          </div>
        </Dialog>
      )}
    </>
  );
}

/** Phones only: opens the filters as a sheet; a link to them before the scripts run or without them. */
function FilterSheetButton({ count, onOpen }: { count: number; onOpen: () => void }) {
  const t = useT();
  return (
    <FragmentButton
      opens="filters"
      onPress={onOpen}
      aria-haspopup="dialog"
      className="inline-flex min-h-11 items-center justify-center self-start rounded-lg border border-brand-700 px-4 font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800 sm:hidden"
    >
      {t('listings.filters.open', { n: count })}
    </FragmentButton>
  );
}
