/** The home page (docs/product.md#home). */
export const home = {
  meta: {
    title: 'Marketplace, Real Estate, Business Sales & Visa Assistance',
    description:
      'Flight ticketing, cargo shipping, an online marketplace, real estate, business sales and visa assistance for the Somali diaspora and East Africa, from Nairobi.',
  },
  newest: { title: 'Newest listings' },
  hero: {
    eyebrow: 'Serving the Somali diaspora from Nairobi',
    title: 'Your Trusted Gateway to East Africa',
    subtitle:
      'Flights, cargo, marketplace goods, real estate, businesses for sale and visa assistance: one team you can reach on WhatsApp any time.',
    explore: 'Explore Our Services',
    whatsapp: 'Chat on WhatsApp',
  },
  stats: {
    clients: 'Happy Clients',
    countries: 'Countries Served',
    support: 'Support',
    success: 'Success Rate',
    years: 'Years of Experience',
  },
  services: {
    title: 'Our Services',
    subtitle: 'Everything you need to travel, trade and invest across East Africa.',
    explore: 'Explore {service}',
    quickChat: 'Quick chat',
    quickChatAbout: 'Quick chat on WhatsApp about {service}',
    chatGreeting: 'Hello! I am interested in {service}.',
    badges: { popular: 'Popular', trending: 'Trending', recommended: 'Recommended' },
    ticketing:
      'Affordable flights to Mogadishu, Hargeisa, Nairobi and the world, booked by people who know the routes.',
    cargo: 'Reliable cargo shipping between the diaspora and East Africa, door to door.',
    marketplace: 'Electronics, phones, baati and accessories from trusted sellers, new, used or refurbished.',
    realEstate: 'Apartments, shops, commercial property and land in Nairobi and beyond.',
    businessSales: 'Buy or sell an established business: restaurants, retail, services and more.',
    visaAssistance: 'Consultation, document preparation and application tracking for visas worldwide.',
  },
  trust: {
    title: 'Why Thousands Trust Us',
    secure: 'Verified Sellers',
    secureText: 'Listings are checked by our team before they go live.',
    support: '{support} Support',
    supportText: 'Reach a real person on WhatsApp or phone, day or night.',
    global: 'Global Reach',
    globalText: 'Clients in {countries} countries rely on us.',
    success: 'Proven Results',
    successText: 'A {rate} success rate across our visa and travel services.',
  },
  cta: {
    title: 'Ready to Get Started?',
    text: 'Talk to our team today. We answer on WhatsApp and by phone.',
    whatsapp: 'WhatsApp Us',
    call: 'Call {phone}',
  },
  about: {
    title: 'About Us',
    storyTitle: 'Our Story',
    story:
      'Founded in Nairobi in 2020, we started by helping families in the diaspora send cargo home. Today we connect a global Somali community with trusted services across East Africa.',
    missionTitle: 'Our Mission',
    mission:
      'To be the leading digital marketplace in East Africa, making trade, travel and investment simple and safe.',
    visionTitle: 'Our Vision',
    vision:
      'To be the leading digital marketplace in East Africa, where every member of the diaspora can invest at home with confidence.',
    timelineTitle: 'Our Journey',
    timeline: {
      y2020: 'Founded in Nairobi with cargo and flight ticketing.',
      y2021: 'Launched visa assistance for the diaspora.',
      y2022: 'Opened the online marketplace.',
      y2023: 'Added real estate and business sales.',
      y2024: 'Serving 15K+ clients in 60+ countries.',
    },
    valuesTitle: 'Our Values',
    values: {
      integrity: 'Integrity',
      integrityText: 'Honest prices and clear terms, every time.',
      innovation: 'Innovation',
      innovationText: 'Modern tools that work on any phone.',
      community: 'Community',
      communityText: 'Built by and for the Somali community.',
      excellence: 'Excellence',
      excellenceText: 'Service we are proud to put our name on.',
    },
    expertiseTitle: 'Our Expertise',
    expertise: {
      travel: 'Travel and ticketing',
      logistics: 'Cargo and logistics',
      commerce: 'Online commerce',
      property: 'Real estate',
      business: 'Business brokerage',
      immigration: 'Visa and immigration',
    },
  },
} as const;
