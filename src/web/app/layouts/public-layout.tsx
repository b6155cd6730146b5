import { Outlet } from 'react-router';
import { Footer } from '../../components/layout/footer';
import { Navbar } from '../../components/layout/navbar';
import { ScrollToTop } from '../../components/layout/scroll-to-top';

/** Header and footer around every public page (spec §2); /admin has neither. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white text-gray-900">
      <ScrollToTop />
      <Navbar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
