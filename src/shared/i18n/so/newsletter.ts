import type { Messages } from '#shared/i18n/messages';

/** The footer's newsletter form, its messages and its link pages in Somali (mirrors en/newsletter.ts). */
export const newsletter: Messages['newsletter'] = {
  emailLabel: 'Cinwaanka iimaylka',
  emailPlaceholder: 'Iimaylkaaga',
  subscribe: 'Iska Diiwaangeli',
  subscribing: 'Waa lagu diiwaangelinayaa...',
  status: {
    subscribed:
      'Waad ku mahadsan tahay is-diiwaangelintaada! Eeg iimaylkaaga: fur xiriirka ku jira iimaylkayaga si aad u xaqiijiso.',
    failed: 'Wax baa khaldamay. Fadlan isku day mar kale.',
  },
  errors: {
    emailRequired: 'Iimaylka waa lagama maarmaan',
    emailInvalid: 'Fadlan geli cinwaan iimayl oo sax ah',
  },
  mail: {
    confirmSubject: 'Xaqiiji is-diiwaangelintaada warsidahayaga',
    confirmIntro:
      'Qof, waxaan rajeyneynaa inaad adiga tahay, ayaa cinwaankan u codsaday warsidaha {site}: xayeysiisyada cusub iyo qoraallada ugu dambeeyay, toddobaadkii hal mar.',
    reconfirmSubject: 'Weli ma rabtaa warsidahayaga? Fadlan xaqiiji',
    reconfirmIntro:
      'Waxaad iska diiwaangelisay warsidaha {site}. Hadda waxaan u dirnaa oo keliya cinwaannada hal mar xaqiijiya. Weli ma rabtaa?',
    confirmAction: 'Xaqiiji is-diiwaangelintayda',
    confirmValid: 'Xiriirkani wuxuu shaqeynayaa 7 maalmood.',
    confirmIgnore: 'Haddii aadan rabin, iska dhaaf iimaylkan: waxba kuuma soo diri doonno.',
    unsubscribe: 'Jooji',
    footer: 'Iimaylkan waad heshay sababtoo ah cinwaankan ayaa lagu qoray {site}.',
    subscribedFooter: 'Iimaylkan waad heshay sababtoo ah waxaad iska diiwaangelisay warsidaha {site}.',
  },
  digest: {
    subject: 'Waxa cusub toddobaadkan {brand}',
    intro: 'Kuwani waa waxa cusub ee {brand} tan iyo warsidahayagii hore.',
    categoryHeading: '{category}: {n} cusub',
    categoryHeadingOne: '{category}: 1 cusub',
    seeAll: 'Eeg dhammaan {n} ee {category}',
    blogHeading: 'Qoraallada ugu dambeeyay ee blog-ga',
  },
  pages: {
    invalidLinkTitle: 'Xiriirkani ma shaqeynayo',
    invalidLink:
      'Cinwaankani hadda iskama diiwaangelisna, ama xiriirku ma dhammaystirna. Waxaad mar kale iska diiwaangelin kartaa hoosta bog kasta.',
    expiredTitle: 'Xiriirkan wakhtigiisii waa dhacay',
    expired:
      'Xiriirka xaqiijintu wuxuu shaqeeyaa 7 maalmood. Mar kale iska diiwaangeli hoosta bog kasta, waxaanan kuu soo diri doonnaa mid cusub.',
    confirmTitle: 'Xaqiiji is-diiwaangelintaada',
    confirmText: 'Ma rabtaa inaad warsidahayaga ku hesho {email}?',
    confirmButton: 'Xaqiiji is-diiwaangelintayda',
    confirmed: 'Waad is-diiwaangelisay. Mahadsanid!',
    confirmedText: 'Warsidahayagu wuxuu iman doonaa {email}. Cadad kasta wuxuu leeyahay xiriir lagu joojiyo.',
    unsubscribeTitle: 'Jooji',
    unsubscribeText: 'Ma joojinaysaa warsidahayaga loo diro {email}?',
    unsubscribeButton: 'Jooji',
    unsubscribed: 'Waad joojisay: warsidayaal kale nagama heli doontid.',
  },
};
