import { admin } from './admin';
import { adminBlog } from './admin-blog';
import { adminLeads } from './admin-leads';
import { adminNewsletter } from './admin-newsletter';
import { adminOutbox } from './admin-outbox';
import { adminReports } from './admin-reports';
import { adminSite } from './admin-site';
import { adminSubmissions } from './admin-submissions';

/** The staff area's texts: registered by the staff code in the browser, never by a public page. */
export const enStaff = {
  admin,
  adminBlog,
  adminSite,
  adminReports,
  adminLeads,
  adminOutbox,
  adminNewsletter,
  adminSubmissions,
};
