import { HydrateLater } from '#web/components/ui/hydrate-later';
import { useSimilarListings } from '#web/features/listings/api/get-similar-listings';
import { useT } from '#web/i18n/locale-provider';
import { ListingCard } from './listing-card';

/**
 * A few listings like this one (same category, near in words and price), rendered by the
 * server with the page; nothing when there are none or they failed to load.
 */
export function SimilarListings({ id }: { id: string }) {
  const t = useT();
  const { data } = useSimilarListings(id);
  if (!data || data.items.length === 0) return null;
  return (
    <section aria-labelledby="similar-heading" className="mt-10">
      <h2 id="similar-heading" className="mb-4 text-lg font-semibold text-gray-900">
        {t('listings.detail.similar')}
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {data.items.map((listing) => (
          <li key={listing.id} className="flex">
            <HydrateLater name={`similar-${listing.id}`} className="flex w-full">
              <ListingCard listing={listing} />
            </HydrateLater>
          </li>
        ))}
      </ul>
    </section>
  );
}
