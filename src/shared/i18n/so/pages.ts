import type { Messages } from '../messages';

/** Coming-soon placeholders in Somali (mirrors en/pages.ts). */
export const pages: Messages['pages'] = {
  comingSoon: 'Dhowaan. Boggan waan ka shaqaynaynaa.',
  faq: {
    title: 'Su’aalaha Inta Badan La Is Weydiiyo',
    description: 'Jawaabaha su’aalaha caadiga ah ee ku saabsan adeegyada Somali Diaspora Hub. Dhowaan.',
  },
  terms: { title: 'Shuruudaha Adeegga', description: 'Shuruudaha adeegga ee Somali Diaspora Hub. Dhowaan.' },
  privacy: { title: 'Siyaasadda Sirta', description: 'Sida Somali Diaspora Hub u maareyso xogtaada. Dhowaan.' },
};
