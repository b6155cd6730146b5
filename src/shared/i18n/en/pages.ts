/** Coming-soon placeholders (docs/product.md#routes). */
export const pages = {
  comingSoon: 'Coming soon. We are working on this page.',
  faq: {
    title: 'Frequently Asked Questions',
    description: 'Answers to common questions about Somali Diaspora Hub services. Coming soon.',
  },
  terms: { title: 'Terms of Service', description: 'The terms of service of Somali Diaspora Hub. Coming soon.' },
  privacy: { title: 'Privacy Policy', description: 'How Somali Diaspora Hub handles your data. Coming soon.' },
} as const;
