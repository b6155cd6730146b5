import type { PublicMessages } from '#shared/i18n/messages';
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

/** The public pages' texts in Somali: loaded by the browser only for a page in Somali. */
export const soPublic: PublicMessages = {
  alerts,
  common,
  about,
  blog,
  contact,
  home,
  layout,
  newsletter,
  pages,
  listings,
  report,
  listingInquiry,
  sell,
};
