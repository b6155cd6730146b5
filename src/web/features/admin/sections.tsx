import { REPORTS_PERMISSION } from '#shared/listing-report';
import { SUBMISSIONS_PERMISSION } from '#shared/listing-submission';
import { AccountSection } from './components/account-section';
import { AnalyticsSection } from './components/analytics-section';
import { AuditSection } from './components/audit-section';
import { BlogSection } from './components/blog/blog-section';
import { InquiriesSection } from './components/inquiries-section';
import { ListingsSection } from './components/listings-section';
import { NewsletterSection } from './components/newsletter-section';
import { OutboxSection } from './components/outbox-section';
import { OverviewSection } from './components/overview-section';
import { PrivacyRequestsSection } from './components/privacy-requests-section';
import { ReportsSection } from './components/reports-section';
import { SettingsSection } from './components/settings-section';
import { SiteSettingsSection } from './components/site-settings-section';
import { StaffSection } from './components/staff-section';
import { SubmissionsSection } from './components/submissions-section';
import type { AdminSection } from './section';

/**
 * The staff area's sections, in menu order: each row is both a route (/admin/<path>) and a
 * menu entry, so adding a section is adding a row.
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: '', label: 'admin.nav.overview', needs: 'read', Component: OverviewSection },
  { path: 'listings', label: 'admin.nav.listings', needs: 'read', Component: ListingsSection },
  { path: 'blog', label: 'adminBlog.nav', needs: 'write', Component: BlogSection, subroutes: true },
  { path: 'newsletter', label: 'adminNewsletter.nav', needs: 'write', Component: NewsletterSection },
  {
    path: 'submissions',
    label: 'adminSubmissions.nav',
    needs: SUBMISSIONS_PERMISSION,
    Component: SubmissionsSection,
  },
  { path: 'reports', label: 'adminReports.nav', needs: REPORTS_PERMISSION, Component: ReportsSection },
  { path: 'inquiries', label: 'admin.nav.inquiries', needs: 'manage', Component: InquiriesSection },
  { path: 'analytics', label: 'admin.nav.analytics', needs: 'manage', Component: AnalyticsSection },
  // The member's own theme and notifications; the site's contact details and figures are Site settings.
  { path: 'settings', label: 'admin.nav.settings', needs: 'read', Component: SettingsSection },
  { path: 'staff', label: 'admin.nav.staff', needs: 'manage', Component: StaffSection },
  { path: 'audit', label: 'admin.nav.audit', needs: 'manage', Component: AuditSection },
  { path: 'outbox', label: 'adminOutbox.nav', needs: 'manage', Component: OutboxSection },
  { path: 'account', label: 'admin.nav.account', needs: 'read', Component: AccountSection },
  { path: 'site', label: 'adminSite.nav', needs: 'manage', Component: SiteSettingsSection },
  { path: 'privacy', label: 'adminSite.privacyRequests.nav', needs: 'manage', Component: PrivacyRequestsSection },
];

/** Where an admin who must set up two-factor sign-in (REQUIRE_ADMIN_2FA) is held until it is on. */
export const TWO_FACTOR_SETUP_SECTION = 'account';
