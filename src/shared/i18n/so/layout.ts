import type { Messages } from '#shared/i18n/messages';

/** Navbar, footer and app-wide banners, in Somali (mirrors en/layout.ts). */
export const layout: Messages['layout'] = {
  skipToContent: 'U bood nuxurka bogga',
  nav: {
    label: 'Hagaha ugu weyn',
    home: 'Bogga Hore',
    services: 'Adeegyada',
    about: 'Nagu Saabsan',
    blog: 'Maqaallo',
    contact: 'Nala Soo Xiriir',
    sell: 'Dhig xayeysiis',
    openMenu: 'Fur liiska',
    closeMenu: 'Xir liiska',
    saved: 'La keydiyay',
    savedCount: 'La keydiyay: {n} xayeysiis',
    homeLink: '{brand} – bogga hore',
    languagePlaceholder: 'Luqadda',
  },
  services: {
    marketplace: 'Suuqa',
    realEstate: 'Guryo iyo Dhul',
    businessSales: 'Iibka Ganacsiyada',
    visaAssistance: 'Caawimaad Fiise',
    ticketing: 'Tigidhada Duulimaadka',
    cargo: 'Dirista Xamuulka',
  },
  footer: {
    about:
      'Waxaan qurbajoogta Soomaaliyeed ku xirnaa alaab suuq, guryo iyo dhul, ganacsiyo iib ah iyo caawimaad fiise oo la isku halayn karo, Bariga Afrika oo dhan.',
    servicesTitle: 'Adeegyadayada',
    quickLinksTitle: 'Xiriiriyeyaal Degdeg ah',
    contactTitle: 'Nala Soo Xiriir',
    newsletterTitle: 'Warsidaha',
    newsletterText: 'Ku hel xayeysiisyada cusub iyo wararka safarka iimaylkaaga.',
    faq: 'Su’aalo iyo Jawaabo',
    terms: 'Shuruudaha Adeegga',
    privacy: 'Siyaasadda Sirta',
    followUs: 'Nala soco',
    socialLink: '{network} (bog cusub ayuu ku furmayaa)',
    copyright: '© {year} {brand}. Xuquuqda oo dhan way xifdisan tahay.',
    adminProgress: 'Qaybta maamulka ayaa furmaysa: {n} ka mid ah 5',
  },
  install: {
    title: 'Ku rakib {brand}',
    text: 'Ku dar app-ka shaashadda hore ee taleefankaaga si aad dhakhso ugu gasho, xitaa marka internetku gaabis yahay.',
    install: 'Ku rakib',
    dismiss: 'Hadda maya',
  },
};
