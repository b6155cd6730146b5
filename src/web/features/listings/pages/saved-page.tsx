import type { PublicListing } from '#shared/listing-api';
import { PageMeta } from '#web/components/page-meta';
import { Button } from '#web/components/ui/button';
import { useListingsByIds } from '#web/features/listings/api/get-listings-by-ids';
import { ListingCard } from '#web/features/listings/components/listing-card';
import { useT } from '#web/i18n/locale-provider';
import { removeSaved, useRecentlyViewedIds, useSavedIds } from '#web/lib/saved-listings';
import { useHydrated } from '#web/lib/use-hydrated';

/** Cards for these ids in their order; an id the server no longer shows is "no longer available". */
function SavedList({ ids, removable }: { ids: readonly string[]; removable: boolean }) {
  const t = useT();
  const query = useListingsByIds(ids);
  if (ids.length === 0) return null;
  if (query.isPending) {
    return (
      <p role="status" className="py-6 text-gray-700">
        {t('common.states.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
        {t('listings.saved.loadError')}
      </div>
    );
  }
  const byId = new Map<string, PublicListing>(query.data.items.map((listing) => [listing.id, listing]));
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {ids.map((id) => {
        const listing = byId.get(id);
        return (
          <li key={id} className="flex">
            {listing ? (
              <ListingCard listing={listing} />
            ) : (
              <div className="flex w-full flex-col justify-between gap-3 rounded-xl border border-dashed border-gray-300 bg-gray-50 p-4">
                <p className="text-gray-800">{t('listings.saved.gone')}</p>
                {removable && (
                  <Button variant="secondary" size="sm" onClick={() => removeSaved(id)}>
                    {t('listings.saved.remove')}
                  </Button>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** /saved: the listings saved on this device, fetched fresh, and the last 10 viewed. */
export default function SavedPage() {
  const t = useT();
  const hydrated = useHydrated();
  const saved = useSavedIds();
  const viewed = useRecentlyViewedIds();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <PageMeta title={t('listings.saved.title')} description={t('listings.saved.intro')} />
      <h1 className="text-3xl font-bold text-gray-900">{t('listings.saved.title')}</h1>
      <p className="mt-2 text-gray-700">{t('listings.saved.intro')}</p>
      {/* The lists live in this browser: nothing to show until it has read them. */}
      {hydrated && (
        <>
          <section aria-labelledby="saved-heading" className="mt-8">
            <h2 id="saved-heading" className="mb-4 text-xl font-semibold text-gray-900">
              {t('listings.saved.savedHeading', { n: saved.length })}
            </h2>
            {saved.length === 0 ? (
              <p className="rounded-xl border border-gray-200 bg-gray-50 p-6 text-gray-700">
                {t('listings.saved.empty')}
              </p>
            ) : (
              <SavedList ids={saved} removable />
            )}
          </section>
          {viewed.length > 0 && (
            <section aria-labelledby="viewed-heading" className="mt-12">
              <h2 id="viewed-heading" className="mb-4 text-xl font-semibold text-gray-900">
                {t('listings.saved.recentlyViewed')}
              </h2>
              <SavedList ids={viewed} removable={false} />
            </section>
          )}
        </>
      )}
    </div>
  );
}
