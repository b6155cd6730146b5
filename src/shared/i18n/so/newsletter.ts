import type { Messages } from '#shared/i18n/messages';

/** The footer's newsletter form in Somali (mirrors en/newsletter.ts). */
export const newsletter: Messages['newsletter'] = {
  emailLabel: 'Cinwaanka iimaylka',
  emailPlaceholder: 'Iimaylkaaga',
  subscribe: 'Iska Diiwaangeli',
  subscribing: 'Waa lagu diiwaangelinayaa...',
  status: {
    subscribed: 'Waad ku mahadsan tahay is-diiwaangelintaada! Dhowaan waad naga maqli doontaa.',
    failed: 'Wax baa khaldamay. Fadlan isku day mar kale.',
  },
  errors: {
    emailRequired: 'Iimaylka waa lagama maarmaan',
    emailInvalid: 'Fadlan geli cinwaan iimayl oo sax ah',
  },
};
