import type { Messages } from '#shared/i18n/messages';

/** The home page in Somali (mirrors en/home.ts). */
export const home: Messages['home'] = {
  meta: {
    title: 'Suuq, Guryo iyo Dhul, Iibka Ganacsiyada & Caawimaad Fiise',
    description:
      'Tigidhada duulimaadka, dirista xamuulka, suuq online ah, guryo iyo dhul, iibka ganacsiyada iyo caawimaad fiise oo loogu talagalay qurbajoogta Soomaaliyeed iyo Bariga Afrika, laga bilaabo Nairobi.',
  },
  newest: { title: 'Xayeysiisyadii ugu dambeeyay' },
  hero: {
    eyebrow: 'Waxaan u adeegnaa qurbajoogta Soomaaliyeed, laga bilaabo Nairobi',
    title: 'Albaabkaaga Bariga Afrika ee Lagu Kalsoonaan Karo',
    subtitle:
      'Duulimaad, xamuul, alaabta suuqa, guryo iyo dhul, ganacsiyo iib ah iyo caawimaad fiise: hal koox oo aad WhatsApp kaga heli karto wakhti kasta.',
    explore: 'Eeg Adeegyadayada',
    whatsapp: 'Kala hadal WhatsApp',
  },
  stats: {
    clients: 'Macaamiil Ku Qanacsan',
    countries: 'Dalal Aan U Adeegno',
    support: 'Taageero',
    success: 'Heerka Guusha',
    years: 'Sannado Khibrad Ah',
  },
  services: {
    title: 'Adeegyadayada',
    subtitle: 'Wax kasta oo aad u baahan tahay si aad ugu safarto, ugu ganacsato oo ugu maalgashato Bariga Afrika.',
    explore: 'Eeg {service}',
    quickChat: 'Wada-hadal degdeg ah',
    quickChatAbout: 'Wada-hadal degdeg ah WhatsApp ku saabsan {service}',
    chatGreeting: 'Salaan! Waxaan xiiseynayaa {service}.',
    badges: { popular: 'Caan ah', trending: 'Kor u kacaya', recommended: 'Lagu talinayo' },
    ticketing:
      'Duulimaadyo qiime jaban oo Muqdisho, Hargeysa, Nairobi iyo adduunka oo dhan ah, oo ay kuu ballansadaan dad yaqaan waddooyinka.',
    cargo: 'Dirista xamuul la isku halayn karo oo u dhexeysa qurbaha iyo Bariga Afrika, albaab ilaa albaab.',
    marketplace:
      'Qalab elektaroonig ah, taleefanno, baati iyo agab ka yimid iibiyeyaal la isku halayn karo: cusub, la isticmaalay ama dib loo hagaajiyay.',
    realEstate: 'Dabaqyo, dukaamo, dhismayaal ganacsi iyo dhul ku yaal Nairobi iyo meelo kale.',
    businessSales: 'Iibso ama iibi ganacsi horay u dhisnaa: makhaayado, tafaariiq, adeegyo iyo qaar kale.',
    visaAssistance: 'La-talin, diyaarinta dukumentiyada iyo la-socodka codsiga fiisaha, dal kasta.',
  },
  trust: {
    title: 'Sababta Kumanaan Noogu Kalsoon Yihiin',
    secure: 'Iibiyeyaal La Hubiyay',
    secureText: 'Kooxdayadu way hubisaa xayeysiisyada ka hor inta aan la daabicin.',
    support: 'Taageero {support}',
    supportText: 'La hadal qof dhab ah WhatsApp ama taleefan, habeen iyo maalin.',
    global: 'Adduunka Oo Dhan',
    globalText: 'Macaamiil ku nool {countries} dal ayaa nagu tiirsan.',
    success: 'Natiijooyin La Xaqiijiyay',
    successText: 'Heer guul oo {rate} ah oo ku jira adeegyadayada fiisaha iyo safarka.',
  },
  cta: {
    title: 'Diyaar Ma U Tahay Inaad Bilowdo?',
    text: 'Maanta la hadal kooxdayada. Waxaan kaga jawaabnaa WhatsApp iyo taleefan.',
    whatsapp: 'Nagu Soo Qor WhatsApp',
    call: 'Wac {phone}',
  },
  about: {
    title: 'Nagu Saabsan',
    storyTitle: 'Sheekadayada',
    story:
      'Waxaa lagu aasaasay Nairobi sannadkii 2020; waxaan ku bilownay inaan caawinno qoysaska qurbaha ee xamuul u diraya dalka. Maanta waxaan bulshada Soomaaliyeed ee adduunka ku xirnaa adeegyo la isku halayn karo oo Bariga Afrika oo dhan ah.',
    missionTitle: 'Hadafkayaga',
    mission:
      'Inaan noqonno suuqa dijitaalka ah ee ugu horreeya Bariga Afrika, annagoo ganacsiga, safarka iyo maalgashiga ka dhigayna kuwo fudud oo ammaan ah.',
    visionTitle: 'Aragtidayada',
    vision:
      'Inaan noqonno suuqa dijitaalka ah ee ugu horreeya Bariga Afrika, meel uu qof kasta oo qurbajoog ah kalsooni ku maalgashan karo dalkiisa.',
    timelineTitle: 'Safarkayaga',
    timeline: {
      y2020: 'Waxaa lagu aasaasay Nairobi, annagoo bixinayna xamuul iyo tigidhada duulimaadka.',
      y2021: 'Waxaan bilownay caawimaad fiise oo loogu talagalay qurbajoogta.',
      y2022: 'Waxaan furnay suuqa online-ka ah.',
      y2023: 'Waxaan ku darnay guryo iyo dhul iyo iibka ganacsiyada.',
      y2024: 'Waxaan u adeegnaa 15K+ macmiil oo ku nool 60+ dal.',
    },
    valuesTitle: 'Qiyamkayaga',
    values: {
      integrity: 'Daacadnimo',
      integrityText: 'Qiimo daacad ah iyo shuruudo cad, mar kasta.',
      innovation: 'Hal-abuur',
      innovationText: 'Qalab casri ah oo ka shaqeeya taleefan kasta.',
      community: 'Bulsho',
      communityText: 'Waxaa dhisay, loona dhisay, bulshada Soomaaliyeed.',
      excellence: 'Heer Sare',
      excellenceText: 'Adeeg aan ku faano inaan magacayaga saarno.',
    },
    expertiseTitle: 'Khibradayada',
    expertise: {
      travel: 'Safar iyo tigidho',
      logistics: 'Xamuul iyo gaadiid',
      commerce: 'Ganacsi online ah',
      property: 'Guryo iyo dhul',
      business: 'Dillaalnimada ganacsiga',
      immigration: 'Fiise iyo socdaal',
    },
  },
};
