import type { StaffMessages } from '#shared/i18n/messages';
import { admin } from './admin';
import { adminBlog } from './admin-blog';
import { adminLeads } from './admin-leads';
import { adminNewsletter } from './admin-newsletter';
import { adminOutbox } from './admin-outbox';
import { adminReports } from './admin-reports';
import { adminSite } from './admin-site';
import { adminSubmissions } from './admin-submissions';

/** The staff area's texts in Somali (English for now): registered by the staff code. */
export const soStaff: StaffMessages = {
  admin,
  adminBlog,
  adminSite,
  adminReports,
  adminLeads,
  adminOutbox,
  adminNewsletter,
  adminSubmissions,
};
