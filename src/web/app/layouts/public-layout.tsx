import { lazy } from 'react';
import { Outlet } from 'react-router';
import { Footer } from '../../components/layout/footer';
import { Navbar } from '../../components/layout/navbar';
import { ScrollToTop } from '../../components/layout/scroll-to-top';
import { HydrateLater } from '../../components/ui/hydrate-later';
import { RenderWhenVisible } from '../../components/ui/render-when-visible';
import { InstallBanner } from '../../features/pwa/components/install-banner';

// The form pulls in zod and react-hook-form: loaded only when the footer comes into view.
const NewsletterForm = lazy(() =>
  import('../../features/newsletter/components/newsletter-form').then((m) => ({ default: m.NewsletterForm })),
);

/** Header and footer around every public page (spec §2); /admin has neither. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white text-gray-900">
      <ScrollToTop />
      <Navbar />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <HydrateLater name="footer">
        <Footer
          newsletter={
            <RenderWhenVisible placeholderClassName="h-11">
              <NewsletterForm />
            </RenderWhenVisible>
          }
        />
      </HydrateLater>
      <InstallBanner />
    </div>
  );
}
