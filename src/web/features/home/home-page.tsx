import { PageMeta } from '../../components/page-meta';
import { useT } from '../../i18n/locale-provider';
import { AboutSection } from './components/about-section';
import { Hero } from './components/hero';
import { ServicesGrid } from './components/services-grid';
import { ContactCta, TrustIndicators } from './components/trust-and-contact';

export default function HomePage() {
  const t = useT();
  return (
    <>
      <PageMeta title={t('home.meta.title')} description={t('home.meta.description')} />
      <Hero />
      <ServicesGrid />
      <TrustIndicators />
      <ContactCta />
      <AboutSection />
    </>
  );
}
