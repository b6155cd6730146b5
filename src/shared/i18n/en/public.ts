import { about } from './about';
import { alerts } from './alerts';
import { blog } from './blog';
import { common } from './common';
import { contact } from './contact';
import { home } from './home';
import { layout } from './layout';
import { listingInquiry } from './listing-inquiry';
import { listings } from './listings';
import { newsletter } from './newsletter';
import { pages } from './pages';
import { report } from './report';
import { sell } from './sell';

/** The public pages' texts: in every page's code, the default language and the fallback. */
export const enPublic = {
  alerts,
  common,
  listings,
  about,
  blog,
  contact,
  home,
  layout,
  newsletter,
  pages,
  report,
  listingInquiry,
  sell,
};
