import { Outlet } from 'react-router';
import { Footer } from '#web/components/layout/footer';
import { Navbar } from '#web/components/layout/navbar';
import { ScrollToTop } from '#web/components/layout/scroll-to-top';
import { HydrateLater } from '#web/components/ui/hydrate-later';
import { NewsletterForm } from '#web/features/newsletter/components/newsletter-form';
import { InstallBanner } from '#web/features/pwa/components/install-banner';

/** Header and footer around every public page (docs/product.md#global-behaviour); /admin has neither. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white text-gray-900">
      <ScrollToTop />
      <Navbar />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <HydrateLater name="footer" size="footer">
        <Footer
          // A plain form with the page, so it works before and without script (zod loads on use).
          newsletter={<NewsletterForm />}
        />
      </HydrateLater>
      <InstallBanner />
    </div>
  );
}
