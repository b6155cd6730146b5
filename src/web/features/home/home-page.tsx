import { PageMeta } from '#web/components/page-meta';
import { useT } from '#web/i18n/locale-provider';
import { prefetchExchangeRates } from '#web/lib/currency';
import type { PagePrefetch } from '#web/lib/page-prefetch';
import { newestListingsQueryOptions } from './api/get-newest-listings';
import { AboutSection } from './components/about-section';
import { Hero } from './components/hero';
import { NewestListings } from './components/newest-listings';
import { ServicesGrid } from './components/services-grid';
import { ContactCta, TrustIndicators } from './components/trust-and-contact';

/** The newest listings are part of the page as the server sends it. */
export const prefetch: PagePrefetch = (args) =>
  Promise.all([args.queryClient.prefetchQuery(newestListingsQueryOptions(args.reads)), prefetchExchangeRates(args)]);

export default function HomePage() {
  const t = useT();
  return (
    <>
      <PageMeta title={t('home.meta.title')} description={t('home.meta.description')} />
      <Hero />
      <NewestListings />
      <ServicesGrid />
      <TrustIndicators />
      <ContactCta />
      <AboutSection />
    </>
  );
}
