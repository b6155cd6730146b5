import { AnalyticsSection } from './components/analytics-section';
import { InquiriesSection } from './components/inquiries-section';
import { ListingsSection } from './components/listings-section';
import { OverviewSection } from './components/overview-section';
import { SettingsSection } from './components/settings-section';
import type { AdminSection } from './section';

/**
 * The staff area's sections, in menu order: each row is both a route (/admin/<path>) and a
 * menu entry, so adding a section is adding a row.
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: '', label: 'admin.nav.overview', needs: 'read', Component: OverviewSection },
  { path: 'listings', label: 'admin.nav.listings', needs: 'read', Component: ListingsSection },
  { path: 'inquiries', label: 'admin.nav.inquiries', needs: 'manage', Component: InquiriesSection },
  { path: 'analytics', label: 'admin.nav.analytics', needs: 'manage', Component: AnalyticsSection },
  { path: 'settings', label: 'admin.nav.settings', needs: 'read', Component: SettingsSection },
];
