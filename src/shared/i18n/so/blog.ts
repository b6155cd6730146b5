import type { Messages } from '#shared/i18n/messages';

/** The blog list and post pages in Somali (mirrors en/blog.ts). */
export const blog: Messages['blog'] = {
  meta: {
    title: 'Maqaallo iyo Warar',
    description:
      'Warar iyo hagayaal loogu talagalay qurbajoogta Soomaaliyeed: ganacsi, guryo iyo dhul, safar, suuq-geyn dijitaal ah, maalgashi iyo maaliyad Bariga Afrika.',
  },
  title: 'Maqaalladayada iyo Wararka',
  subtitle: 'Aragtiyo, hagayaal iyo sheekooyin loogu talagalay qurbajoogta Soomaaliyeed iyo ganacsiyada Bariga Afrika.',
  categoriesLabel: 'Maqaallada ku shaandhee qayb',
  all: 'Dhammaan',
  categories: {
    business: 'Ganacsi',
    realEstate: 'Guryo iyo Dhul',
    travel: 'Safar',
    digitalMarketing: 'Suuq-geyn Dijitaal ah',
    investment: 'Maalgashi',
    finance: 'Maaliyad',
  },
  featured: 'La soo xulay',
  feed: 'Maqaallo iyo Warar (RSS)',
  readTime: '{n} daqiiqo akhris ah',
  readMore: 'Akhri Wax Dheeraad ah',
  readMoreAbout: 'Akhri wax dheeraad ah: {title}',
  loadFailed: 'Maqaallada lama soo rari karin. Fadlan isku day mar kale.',
  empty: {
    title: 'Maqaal lama helin',
    text: 'Kuma aanan helin wax maqaal ah qaybta "{category}". Dooro qayb kale ama dib u soo eeg mar dambe si aad u hesho qoraallo cusub.',
  },
  pagination: {
    label: 'Bogagga maqaallada',
    previous: 'Hore',
    next: 'Xiga',
    page: 'Bogga {n}',
  },
  post: {
    noTranslation: 'Qoraalkan weli af-Soomaali laguma qorin; waxaa lagu soo bandhigay Ingiriisi.',
    englishOnly: 'Ingiriisi oo keliya',
    back: 'Ku noqo Maqaallada',
    by: 'Qoraa: {author}',
    notFound: 'Maqaalka lama helin',
    notFoundText: 'Maqaalkan waa la raray ama waa la tirtiray.',
    loadFailed: 'Maqaalkan lama soo rari karin. Fadlan isku day mar kale.',
  },
};
