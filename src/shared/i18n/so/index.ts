import type { Messages } from '../messages';
import { about } from './about';
import { admin } from './admin';
import { adminBlog } from './admin-blog';
import { adminSite } from './admin-site';
import { blog } from './blog';
import { common } from './common';
import { contact } from './contact';
import { home } from './home';
import { layout } from './layout';
import { listings } from './listings';
import { newsletter } from './newsletter';
import { pages } from './pages';

/**
 * The Somali (af-Soomaali) catalog. Typed as Messages, so a key missing here or a key
 * English no longer has fails the type check; a unit test also rejects empty and
 * untranslated values. Terms follow docs/i18n-glossary.md.
 */
export const so: Messages = {
  common,
  about,
  blog,
  contact,
  home,
  layout,
  newsletter,
  pages,
  listings,
  admin,
  adminBlog,
  adminSite,
};
