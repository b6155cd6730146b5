import { registerMessages } from '#shared/i18n/core';
import { enStaff } from '#shared/i18n/en/staff';
import { soStaff } from '#shared/i18n/so/staff';

// The staff texts travel with the staff code (the admin chunks, which public pages never
// load, and the service worker never precaches), not with every page's (decision 0063).
registerMessages('en', enStaff);
registerMessages('so', soStaff);
