import { Link } from 'react-router';
import type { PublicListing } from '#shared/listing-api';
import { formatListingPrice, listingPath } from '#shared/listing-format';
import { responsiveImage } from '#shared/media';
import { ConvertedPrice } from '#web/components/converted-price';
import { SmartImage } from '#web/components/ui/smart-image';
import { useNewestListings } from '#web/features/home/api/get-newest-listings';
import { useT } from '#web/i18n/locale-provider';

const TILE_SIZES = '(min-width: 1024px) 25vw, 50vw';

const CATEGORY_NAMES = {
  product: 'layout.services.marketplace',
  property: 'layout.services.realEstate',
  business: 'layout.services.businessSales',
  visa: 'layout.services.visaAssistance',
} as const;

/** The newest listings of every category, newest first, each a link to its page. */
export function NewestListings() {
  const t = useT();
  const { data } = useNewestListings();
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="newest-listings" className="bg-white py-12">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="newest-listings" className="text-2xl font-bold text-gray-900 sm:text-3xl">
          {t('home.newest.title')}
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {data.map((listing) => (
            <li key={listing.id}>
              <NewestTile listing={listing} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function NewestTile({ listing }: { listing: PublicListing }) {
  const t = useT();
  const image = listing.image_urls[0];
  return (
    <Link
      to={listingPath(listing)}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm hover:border-brand-300"
    >
      <div className="aspect-[4/3] bg-gray-100">
        {image && (
          <SmartImage
            {...responsiveImage(image, TILE_SIZES, 640)}
            alt=""
            width={320}
            height={240}
            className="h-full w-full object-cover"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
          {t(CATEGORY_NAMES[listing.category])}
        </p>
        <h3 className="line-clamp-2 font-semibold leading-snug text-gray-900">{listing.title}</h3>
        <p className="mt-auto pt-1 font-bold text-brand-800">
          {formatListingPrice(listing, t)}
          <ConvertedPrice kes={listing.price} className="block text-sm" />
        </p>
      </div>
    </Link>
  );
}
