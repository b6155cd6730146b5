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
 * The English catalog: the source of every visitor-facing text. Each namespace lives in
 * its own file; other languages mirror this shape exactly (the type checker and a test
 * enforce it).
 */
export const en = {
  common,
  listings,
  about,
  blog,
  contact,
  home,
  layout,
  newsletter,
  pages,
  admin,
  adminBlog,
  adminSite,
};
