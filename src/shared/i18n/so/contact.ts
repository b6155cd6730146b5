import type { Messages } from '#shared/i18n/messages';

/** The contact page and its form in Somali (mirrors en/contact.ts). */
export const contact: Messages['contact'] = {
  meta: {
    title: 'Nala Soo Xiriir',
    description:
      'Soo wac, iimayl noogu soo dir ama WhatsApp kala xiriir Somali Diaspora Hub oo ku taal Nairobi, Kenya, ama fariin noo soo dir. Waxaan ku soo jawaabnaa 24 saacadood gudahood.',
  },
  hero: {
    title: 'Nala Soo Xiriir',
    subtitle: 'Su’aal ma ka qabtaa xayeysiis, fiise ama xamuul? Waan ku caawinaynaa, 24/7.',
  },
  info: {
    title: 'Nala Xiriir',
    phone: 'Taleefan',
    email: 'Iimayl',
    whatsapp: 'WhatsApp',
    whatsappAction: 'Nagala soo hadal WhatsApp',
    location: 'Goobta',
    hours: 'Saacadaha shaqada',
  },
  quick: {
    title: 'Xiriiriyeyaal Degdeg ah',
    urgent: 'Caawimaad Degdeg ah',
    urgentText: 'Hadda kala hadal kooxdayada WhatsApp',
    urgentGreeting: 'Salaan! Waxaan u baahanahay caawimaad degdeg ah.',
    inquiry: 'Su’aal ku saabsan Adeeg',
    inquiryText: 'Iimayl noogu soo dir adeeg ku saabsan',
    inquirySubject: 'Su’aal ku saabsan adeeg',
  },
  form: {
    title: 'Fariin Noo Soo Dir',
    name: 'Magaca oo Buuxa',
    namePlaceholder: 'Magacaaga oo buuxa',
    email: 'Cinwaanka Iimaylka',
    emailPlaceholder: 'you@example.com',
    subject: 'Mawduuca',
    subjectPlaceholder: 'Maxay ku saabsan tahay?',
    message: 'Fariintaada',
    messagePlaceholder: 'Noo sheeg sidii aan kuu caawin lahayn...',
    counter: '{n}/{max} xaraf',
    submit: 'Dir Fariinta',
    sending: 'Fariinta waa la dirayaa...',
    privacy:
      'Sirtaadu waa muhiim: macluumaadkaaga xiriirka waxaan u isticmaalnaa oo keliya inaan kaaga jawaabno fariintaada, weligeenna cid lama wadaagno.',
    honeypot: 'Goobtan ha buuxin',
  },
  status: {
    invalid: 'Fadlan sax khaladaadka kore oo isku day mar kale.',
    failed: 'Wax baa khaldamay. Fadlan isku day mar kale ama si toos ah noola soo xiriir.',
    success: 'Waad ku mahadsan tahay fariintaada! Waxaan kuu soo jawaabi doonnaa 24 saacadood gudahood.',
  },
  errors: {
    nameRequired: 'Magaca waa lagama maarmaan',
    nameTooLong: 'Magacu waa inuusan ka badnaan 100 xaraf',
    emailRequired: 'Iimaylka waa lagama maarmaan',
    emailInvalid: 'Fadlan geli cinwaan iimayl oo sax ah',
    emailTooLong: 'Iimaylku waa inuusan ka badnaan 254 xaraf',
    subjectRequired: 'Mawduuca waa lagama maarmaan',
    subjectTooLong: 'Mawduucu waa inuusan ka badnaan 200 xaraf',
    messageRequired: 'Fariinta waa lagama maarmaan',
    messageTooShort: 'Fariintu waa inay ahaataa ugu yaraan 10 xaraf',
    messageTooLong: 'Fariintu waa inaysan ka badnaan 5,000 xaraf',
  },
};
