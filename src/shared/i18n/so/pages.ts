import type { Messages } from '#shared/i18n/messages';

/** Coming-soon placeholders and the safety page in Somali (mirrors en/pages.ts). */
export const pages: Messages['pages'] = {
  comingSoon: 'Dhowaan. Boggan waan ka shaqaynaynaa.',
  faq: {
    title: 'Su’aalaha Inta Badan La Is Weydiiyo',
    description: 'Jawaabaha su’aalaha caadiga ah ee ku saabsan adeegyada Somali Diaspora Hub. Dhowaan.',
  },
  terms: { title: 'Shuruudaha Adeegga', description: 'Shuruudaha adeegga ee Somali Diaspora Hub. Dhowaan.' },
  privacy: {
    title: 'Siyaasadda Sirta',
    description:
      'Waxa Somali Diaspora Hub kaa kaydiso, sababta, muddada, iyo sida aad u heli karto nuqul ama loo tirtiro.',
    lastUpdated: 'La cusboonaysiiyay {date}',
    loadFailed: 'Siyaasadda sirta lama soo rari karin.',
  },
  safety: {
    title: 'Si ammaan ah uga iibso dibadda',
    description:
      'Sida looga badbaado khiyaanada marka aad dibadda uga iibsanayso Kenya ama Soomaaliya, iyo waxa calaamadda “La xaqiijiyay” ay ka dhigan tahay.',
    intro:
      'Iibiyayaasha badankood waa daacad, laakiin iibsashada meel fog waxay kaa dhigaysaa bartilmaameed fudud. Caadooyinkan ayaa ilaalinaya adiga iyo qoyskaaga.',
    scamsHeading: 'Sida looga badbaado khiyaanada',
    scams: {
      see: 'Qof aad ku kalsoon tahay ha arko alaabta, guriga ama waraaqaha isagoo goobta jooga ka hor inta aan lacag la dirin.',
      pay: 'Weligaa ha bixin deebaaji ama “lacag xajis” oo lagu xajinayo alaab aadan arag. Bixi marka aad qaadanayso, ama qaybo ahaan marka waraaqaha la keeno.',
      names:
        'Lacagta u dir oo keliya qofka ama shirkadda magaceeda ku qoran waraaqaha, oo hayso rasiid kasta iyo fariin kasta oo M-Pesa ama xawaalad ah.',
      pressure:
        'Ka digtoonow qiimo aad uga hooseeya kuwa kale, degdeg (“saddex iibsade kale ayaa sugaya”) iyo iibiye aan doonayn inuu kula kulmo ama kula hadlo taleefan.',
      property:
        'Dhul ama guri, ka hubi warqadda lahaanshaha xafiiska diiwaangelinta dhulka, oo la kulan milkiilaha magaciisu ku qoran yahay, adigoo wata qareen kuu gaar ah.',
      visas:
        'Qofna ma ballanqaadi karo fiiso. Safaaradaha waxay daabacaan khidmadahooda; si toos ah u bixi halkii ay suurtagal tahay, weligaa koonto qof gaar ah ha ku shubin.',
    },
    verifiedHeading: 'Sida xaqiijintu u shaqeyso',
    verified: {
      what: 'Calaamadda “La xaqiijiyay” waxay ka dhigan tahay in xafiiskeenu hubiyay xayeysiiskan, goobta ama waraaqo, taariikhda la muujiyay.',
      checked:
        'Taabo calaamadda si aad u akhrido waxa aan hubinnay, tusaale ahaan “Warqadda lahaanshaha iyo aqoonsiga milkiilaha ayaa xafiiska lagu hubiyay”.',
      limits:
        'Ma aha dammaanad iibka: waxyaabo ayaa isbeddela hubinta kadib. Had iyo jeer adigu arag alaabta ama waraaqaha ka hor inta aadan lacag bixin.',
    },
    reportHeading: 'Haddii ay wax khaldan yihiin',
    report:
      'Isticmaal “Ka warbixi xayeysiiskan” boggiisa, ama la xiriir xafiiskeenna: warbixin kasta waan akhrinaa, waxaana ka saarnaa xayeysiisyada jebiya xeerarkeenna.',
    contact: 'La xiriir xafiiskeenna',
  },
};
