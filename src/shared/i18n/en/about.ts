/** The about page (spec §2 About). */
export const about = {
  meta: {
    title: 'About Us',
    description:
      'Our mission, vision and values: Somali Diaspora Hub connects the diaspora with trusted services across East Africa since 2020.',
  },
  hero: {
    title: 'About Somali Diaspora Hub',
    subtitle: 'Connecting the global Somali community with East Africa since 2020.',
  },
  mission: {
    title: 'Our Mission',
    text: 'To be the leading digital marketplace in East Africa, making it simple and safe for the diaspora to travel, trade and invest at home.',
  },
  vision: {
    title: 'Our Vision',
    text: 'To be the leading digital marketplace in East Africa: one trusted place for goods, property, businesses and travel.',
  },
  values: {
    title: 'Our Core Values',
    integrity: 'Integrity',
    integrityText: 'We are honest about prices, timelines and terms.',
    innovation: 'Innovation',
    innovationText: 'We build tools that work on any phone, on any connection.',
    community: 'Community',
    communityText: 'We serve the Somali community wherever it lives.',
    excellence: 'Excellence',
    excellenceText: 'We hold every service to the highest standard.',
  },
  why: {
    title: 'Why Choose Us',
    experience: '{years} Years of Experience',
    experienceText: 'Trusted by families and businesses since 2020.',
    support: '{support} Support',
    supportText: 'Real people on WhatsApp and phone, at any hour.',
    reach: '{countries} Countries',
    reachText: 'A network that spans the whole diaspora.',
    success: '{rate} Success Rate',
    successText: 'Results you can count on.',
  },
} as const;
