import { AnalyticsSection } from './components/analytics-section';
import { BlogSection } from './components/blog/blog-section';
import { InquiriesSection } from './components/inquiries-section';
import { ListingsSection } from './components/listings-section';
import { OverviewSection } from './components/overview-section';
import { SettingsSection } from './components/settings-section';
import { SiteSettingsSection } from './components/site-settings-section';
import type { AdminSection } from './section';

/**
 * The staff area's sections, in menu order: each row is both a route (/admin/<path>) and a
 * menu entry, so adding a section is adding a row.
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: '', label: 'admin.nav.overview', needs: 'read', Component: OverviewSection },
  { path: 'listings', label: 'admin.nav.listings', needs: 'read', Component: ListingsSection },
  { path: 'blog', label: 'adminBlog.nav', needs: 'write', Component: BlogSection, subroutes: true },
  { path: 'inquiries', label: 'admin.nav.inquiries', needs: 'manage', Component: InquiriesSection },
  { path: 'analytics', label: 'admin.nav.analytics', needs: 'manage', Component: AnalyticsSection },
  // The member's own theme and notifications; the site's contact details and figures are Site settings.
  { path: 'settings', label: 'admin.nav.settings', needs: 'read', Component: SettingsSection },
  { path: 'site', label: 'adminSite.nav', needs: 'manage', Component: SiteSettingsSection },
];
