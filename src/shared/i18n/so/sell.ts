import type { Messages } from '#shared/i18n/messages';

/** "Post a listing" in Somali (mirrors en/sell.ts). */
export const sell: Messages['sell'] = {
  status: {
    received:
      'Mahadsanid! Eeg iimaylkaaga: fur xiriirka ku jira iimaylkayaga si aad xayeysiiskaaga ugu dirto kooxdayada. Wuxuu soo baxayaa marka ay ansixiyaan.',
  },
  errors: {
    invalid: 'Fadlan hubi foomka.',
    nameRequired: 'Magacaaga waa lagama maarmaan',
    nameTooLong: 'Magacaagu aad buu u dheer yahay',
    emailRequired: 'Iimaylkaaga waa lagama maarmaan',
    emailInvalid: 'Fadlan geli cinwaan iimayl oo sax ah',
    consentRequired: 'Fadlan ogolow shuruudaha si aad xayeysiis u dhigto',
    multipartRequired: 'Xayeysiiska waa in loo soo diraa foom ay la socdaan sawirradiisu.',
    badForm: 'Foomku si dhammaystiran uma iman. Fadlan mar kale soo dir.',
    badData: 'Xayeysiiska lama akhrin karo. Fadlan mar kale soo dir.',
    dataTooLarge: 'Xayeysiisku aad buu u dheer yahay.',
    tooManyParts: 'Foomku qaybo aad u badan ayuu leeyahay.',
    tooManyImages: 'Ugu badnaan 10 sawir xayeysiis kasta.',
    tooManyOpen:
      'Waxaad horey u haysataa {n} xayeysiis oo sugaya xaqiijin ama hubin. Fadlan sug inta kooxdayadu hubinayso.',
  },
  mail: {
    approvedSubject: 'Xayeysiiskaaga waa la soo bandhigay: {title}',
    approvedIntro: 'War wanaagsan: kooxdayadu waxay ansixisay xayeysiiskaaga "{title}". Hadda wuxuu ku jiraa {site}.',
    approvedAction: 'Eeg xayeysiiskayga',
    rejectedSubject: 'Xayeysiiskaaga lama ansixin: {title}',
    rejectedIntro: 'Kooxdayadu waxay hubisay xayeysiiskaaga "{title}" mana ansixin karin. Sababtooda:',
    rejectedAgain: 'Waad ku mahadsan tahay inaad mar kale dhigto adigoo sameeyay isbeddellada.',
    confirmSubject: 'Xaqiiji xayeysiiskaaga: {title}',
    confirmIntro:
      'Qof, waxaan rajeyneynaa inaad adiga tahay, ayaa xayeysiiska "{title}" ku dhigay {site} isagoo isticmaalaya cinwaankan. Xaqiiji, kooxdayaduna way hubin doontaa ka hor inta uusan soo bixin.',
    confirmAction: 'Xaqiiji xayeysiiskayga',
    confirmValid:
      'Xiriirkani wuxuu shaqeynayaa 48 saacadood. Xayeysiis aan markaas la xaqiijin waa la tirtiraa, sawirradiisa oo ay la socdaan.',
    confirmIgnore: 'Haddii aadan adigu dhigin, iska dhaaf iimaylkan: waxba lama soo bandhigi doono.',
    footer: 'Iimaylkan waad heshay sababtoo ah cinwaankan ayaa lagu qoray {site}.',
  },
  pages: {
    postAgain: 'Dhig xayeysiis',
    invalidLinkTitle: 'Xiriirkani ma shaqeynayo',
    invalidLink: 'Xayeysiiskan hadda lama hayo, ama xiriirku ma dhammaystirna. Waxaad mar kale dhigi kartaa.',
    expiredTitle: 'Xiriirkan wakhtigiisii waa dhacay',
    expired: 'Xiriirka xaqiijintu wuxuu shaqeeyaa 48 saacadood. Fadlan mar kale dhig xayeysiiskaaga.',
    confirmTitle: 'Xaqiiji xayeysiiskaaga',
    confirmText: 'Ma u diraysaa xayeysiiskaaga "{title}" kooxdayada si ay u hubiyaan?',
    confirmButton: 'Xaqiiji xayeysiiskayga',
    confirmed: 'Mahadsanid: xayeysiiskaaga waa la xaqiijiyay.',
    confirmedText:
      'Kooxdayadu dhawaan ayay hubin doontaa "{title}". Waxaan kuugu soo qori doonnaa {email} marka go\'aan la gaaro.',
  },
};
