import type { Messages } from '#shared/i18n/messages';

/** Somali texts used across the site (mirrors en/common.ts; terms follow docs/i18n-glossary.md). */
export const common: Messages['common'] = {
  brand: {
    name: 'Somali Diaspora Hub',
    shortName: 'SD Hub',
    tagline: 'Albaabkaaga Bariga Afrika',
  },
  meta: {
    defaultTitle: 'Somali Diaspora Hub — suuq, guryo iyo dhul, ganacsiyo iib ah iyo caawimaad fiise',
    defaultDescription:
      'Iibso, iibi oo maalgeli Bariga Afrika oo dhan: alaabta suuqa, guryo iyo dhul, ganacsiyo iib ah iyo caawimaad fiise oo loogu talagalay qurbajoogta Soomaaliyeed, laga bilaabo Nairobi.',
  },
  language: {
    /** Names the language switch for screen readers. */
    label: 'Luqadda',
  },
  currency: {
    label: 'Lacagta',
    apply: 'Tus qiimaha',
    approx: '≈ {amount}',
    rateOf: 'Qiimayaal qiyaas ah oo {currency} ah, sicirka {date}.',
    noRate: 'Sicirka {currency} weli lama gelin: qiimaha waxaa lagu muujinayaa Ksh oo keliya.',
    rateOfShort: 'sicirka {date}',
    errors: {
      unknown: 'Ka dooro mid ka mid ah lacagaha liiska ku jira',
      badBack: 'Boggaas kuma jiro goobtan',
    },
  },
  states: {
    loading: 'Soo raraya...',
    tryAgain: 'Isku day mar kale',
    reloadPage: 'Dib u soo rar bogga',
    imageNotAvailable: 'Sawirka lama heli karo',
    backToHome: 'Ku noqo Bogga Hore',
    offline: 'Internetka kuma xirnid. Hubi xiriirkaaga oo isku day mar kale.',
  },
  errors: {
    crossSiteForm: 'Foomkan waxaa laga soo diri karaa goobtan oo keliya.',
    crossSite: 'Tan waxaa laga soo diri karaa goobtan oo keliya.',
    chunkTitle: 'Boggan lama soo rari karin',
    chunkMessage:
      'Xiriirkaagu wuu go’i karaa, ama goobta ayaa hadda la cusboonaysiiyay. Dib u soo rar si aad u hesho nuqulka ugu dambeeyay.',
    unexpectedTitle: 'Wax baa khaldamay',
    unexpectedMessage: 'Khalad lama filaan ah ayaa dhacay. Fadlan dib u soo rar bogga.',
    server: 'Wax baa naga khaldamay. Fadlan isku day mar kale.',
    invalidFields: 'Qaar ka mid ah meelaha aad buuxisay sax ma aha.',
    invalidCharacters: 'Waxaa ku jira xarfo aan la oggolayn (sida xarfaha xakamaynta)',
    phoneTooManyDigits: 'Lambarka taleefanku ma dhaafi karo 15 tiro, koodka dalka oo ku jira',
    tooManyRequestsOne: 'Codsiyo aad u badan. Fadlan sug {n} ilbiriqsi oo isku day mar kale.',
    tooManyRequests: 'Codsiyo aad u badan. Fadlan sug {n} ilbiriqsi oo isku day mar kale.',
    unavailable: 'Hadda ma gaari karno kaydka xogtayada. Fadlan isku day mar kale daqiiqad kadib.',
    overloaded: 'Goobtu hadda aad bay u mashquulsan tahay. Fadlan isku day mar kale dhowr ilbiriqsi kadib.',
    databaseFull:
      'Kaydka xogtayada meel bannaan kuma harin, sidaas darteed waxba lama kaydin. Fadlan u sheeg maamulaha goobta.',
    storageFull: 'Meel looga kaydiyo faylasha ma harin. Waxba lama kaydin; fadlan u sheeg maamulaha goobta.',
    storageNotWritable:
      'Hadda faylal lama kaydin karo (kaydku wuu diidayaa qorista). Waxba lama kaydin; fadlan u sheeg maamulaha goobta.',
    storageUnreachable:
      'Hadda lama gaari karo kaydka faylasha. Waxba lama kaydin; fadlan isku day mar kale daqiiqad kadib.',
    badHost: 'Madaxa Host ee codsigan sax ma aha.',
  },
  errorPage: {
    badRequestTitle: 'Codsigan lama fahmi karo',
    tooManyRequestsTitle: 'Codsiyo aad u badan',
    unavailableTitle: 'Goobtu si ku meel gaar ah uma shaqaynayso',
    reference: 'Tixraac: {id}',
    referenceHint: 'Haddii uu tani sii socoto, noo sheeg tixraacan si aan u helno waxa khaldamay.',
  },
};
