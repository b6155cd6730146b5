import type { Messages } from '#shared/i18n/messages';

/** Saved-search alerts in Somali (mirrors en/alerts.ts). */
export const alerts: Messages['alerts'] = {
  form: {
    title: 'Iimayl ii soo dir waxyaabaha cusub',
    intro: 'Iimayl ahaan hel xayeysiisyada cusub ee u dhigma raadintan. Looma baahna akoon.',
    emailLabel: 'Cinwaanka iimaylka',
    frequencyLabel: 'Inta jeer',
    frequency: {
      daily: 'Maalintii hal mar',
      instant: 'Isla marka la soo geliyo',
    },
    submit: 'Iimayl ii soo dir waxyaabaha cusub',
    submitting: 'Waa la kaydinayaa...',
    sent: 'Wax yar baa haray: iimayl baan kuu dirnay. Fur xiriirka ku jira si aad u bilowdo ogeysiiskan.',
    failed: 'Wax baa khaldamay. Fadlan isku day mar kale.',
  },
  errors: {
    emailRequired: 'Iimaylka waa lagama maarmaan',
    emailInvalid: 'Fadlan geli cinwaan iimayl oo sax ah',
    searchInvalid: 'Raadintan lama kaydin karo. Fadlan mar kale fur bogga natiijooyinka.',
    frequencyInvalid: 'Fadlan dooro inta jeer',
  },
  pages: {
    invalidLinkTitle: 'Xiriirkani ma shaqeynayo',
    invalidLink:
      'Ogeysiiska waa la tirtiray, ama xiriirku ma dhammaystirna. Waxaad mar kale ka kaydin kartaa raadinta boggeeda natiijooyinka.',
    confirmTitle: 'Bilow ogeysiiskan',
    confirmText: 'Waxaad codsatay iimaylo leh waxyaabaha cusub ee: {search}.',
    confirmButton: 'Bilow ogeysiiska',
    confirmed: 'Ogeysiiskaagu wuu shaqeynayaa. Waxaan kuu soo diri doonnaa waxyaabaha cusub ee: {search}.',
    manageTitle: 'Ogeysiiskaaga',
    manageText: 'Waxyaabaha cusub ee: {search}, loo diro {email}.',
    saveButton: 'Kaydi',
    saved: 'Waa la kaydiyay.',
    deleteButton: 'Tirtir ogeysiiskan',
    unsubscribeTitle: 'Jooji',
    unsubscribeText: 'Ma joojinaysaa iimaylada waxyaabaha cusub ee: {search}?',
    unsubscribeButton: 'Jooji',
    unsubscribed: 'Iimayl kale uma heli doontid raadintan.',
    seeResults: 'Eeg natiijooyinka',
  },
  search: {
    allOf: 'dhammaan {category}',
    words: '"{q}" gudaha {category}',
    withFilters: '{search} ({n} shaandheyn)',
    withOneFilter: '{search} (1 shaandheyn)',
  },
  mail: {
    confirmSubject: 'Xaqiiji ogeysiiskaaga: {search}',
    confirmIntro:
      'Qof, waxaan rajeyneynaa inaad adiga tahay, ayaa codsaday iimaylo leh xayeysiisyada cusub ee u dhigma {search}.',
    confirmAction: 'Bilow ogeysiiska',
    confirmIgnore:
      'Haddii aadan adigu ahayn, iska dhaaf iimaylkan: waxba laguuma soo diri doono, codsigana waa la tirtiraa 7 maalmood kadib.',
    matchesSubject: '{n} waxyaabo cusub: {search}',
    matchesSubjectOne: 'Wax cusub: {search}',
    matchesIntro: 'Xayeysiisyo cusub oo u dhigma {search}:',
    seeAll: 'Eeg dhammaan natiijooyinka',
    manage: 'Beddel inta jeer',
    unsubscribe: 'Jooji',
    footer: 'Iimaylkan waad heshay sababtoo ah cinwaankan ayaa codsaday ogeysiisyo {site}.',
  },
};
