/** Texts used across the site: brand, navigation, generic states. */
export const common = {
  brand: {
    name: 'Somali Diaspora Hub',
    shortName: 'SD Hub',
    tagline: 'Your gateway to East Africa',
  },
  meta: {
    defaultTitle: 'Somali Diaspora Hub — marketplace, real estate, business sales and visa assistance',
    defaultDescription:
      'Buy, sell and invest across East Africa: marketplace goods, real estate, businesses for sale and visa assistance for the Somali diaspora, from Nairobi.',
  },
  language: {
    /** Names the language switch for screen readers. */
    label: 'Language',
  },
  currency: {
    label: 'Currency',
    apply: 'Show prices',
    approx: '≈ {amount}',
    rateOf: 'Approximate amounts in {currency}, rate of {date}.',
    noRate: 'Rates for {currency} are not set yet: prices are shown in Ksh only.',
    rateOfShort: 'rate of {date}',
    errors: {
      unknown: 'Choose one of the currencies in the list',
      badBack: 'That page is not on this site',
    },
  },
  states: {
    loading: 'Loading...',
    tryAgain: 'Try Again',
    reloadPage: 'Reload Page',
    imageNotAvailable: 'Image not available',
    backToHome: 'Back to Home',
    /** Data that could not be fetched because the request never reached the server. */
    offline: 'You are offline. Check your connection and try again.',
  },
  errors: {
    crossSiteForm: 'This form can only be sent from this site.',
    crossSite: 'This can only be sent from this site.',
    chunkTitle: 'This page could not be loaded',
    chunkMessage: 'Your connection may have dropped, or the site was just updated. Reload to get the latest version.',
    unexpectedTitle: 'Something went wrong',
    unexpectedMessage: 'An unexpected error occurred. Please reload the page.',
    /** Server answers (error handler, rate limits), in the visitor's language. */
    server: 'Something went wrong on our side. Please try again.',
    invalidFields: 'Some fields are not valid.',
    invalidCharacters: 'Contains characters that are not allowed (such as control characters)',
    phoneTooManyDigits: 'A phone number has at most 15 digits, country code included',
    tooManyRequestsOne: 'Too many requests. Please wait {n} second and try again.',
    tooManyRequests: 'Too many requests. Please wait {n} seconds and try again.',
    unavailable: 'We cannot reach our database right now. Please try again in a minute.',
    overloaded: 'The site is very busy right now. Please try again in a few seconds.',
    databaseFull: 'Our database has no space left, so nothing was saved. Please tell the site administrator.',
    storageFull: 'There is no space left to store files. Nothing was saved; please tell the site administrator.',
    storageNotWritable:
      'Files cannot be stored right now (the storage refuses writes). Nothing was saved; please tell the site administrator.',
    storageUnreachable:
      'The file storage cannot be reached right now. Nothing was saved; please try again in a minute.',
    badHost: 'The Host header of this request is not valid.',
  },
  /** The server's own HTML page for a request it cannot answer with the app. */
  errorPage: {
    badRequestTitle: 'This request could not be understood',
    tooManyRequestsTitle: 'Too many requests',
    unavailableTitle: 'The site is briefly unavailable',
    reference: 'Reference: {id}',
    referenceHint: 'If this keeps happening, tell us this reference so we can find what went wrong.',
  },
} as const;
