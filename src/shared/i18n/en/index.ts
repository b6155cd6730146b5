import { about } from './about';
import { blog } from './blog';
import { admin } from './admin';
import { common } from './common';
import { listings } from './listings';
import { contact } from './contact';
import { home } from './home';
import { layout } from './layout';
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
};
