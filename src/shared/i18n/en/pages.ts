/** Coming-soon placeholders and the safety page (docs/product.md#routes). */
export const pages = {
  comingSoon: 'Coming soon. We are working on this page.',
  faq: {
    title: 'Frequently Asked Questions',
    description: 'Answers to common questions about Somali Diaspora Hub services. Coming soon.',
  },
  terms: { title: 'Terms of Service', description: 'The terms of service of Somali Diaspora Hub. Coming soon.' },
  privacy: {
    title: 'Privacy Policy',
    description:
      'What Somali Diaspora Hub stores about you, why, for how long, and how to get a copy or have it deleted.',
    lastUpdated: 'Last updated {date}',
    loadFailed: 'The privacy policy could not be loaded.',
  },
  safety: {
    title: 'Buying safely from abroad',
    description:
      'How to avoid scams when you buy in Kenya or Somalia from abroad, and what our "Verified" badge means.',
    intro:
      'Most sellers are honest, but buying from far away makes you an easy target. These habits protect you and your family.',
    scamsHeading: 'How to avoid scams',
    scams: {
      see: 'Have someone you trust see the item, the property or the papers in person before any money moves.',
      pay: 'Never pay a deposit or “booking fee” to hold an item you have not seen. Pay on collection, or in stages against documents.',
      names:
        'Send money only to the person or company named on the documents, and keep every receipt and M-Pesa or transfer message.',
      pressure:
        'Be wary of prices far below others, of hurry (“three other buyers are waiting”) and of a seller who will not meet or talk on a call.',
      property:
        'For land or a house, check the title deed at the lands registry and meet the owner named on it, with a lawyer of your own.',
      visas:
        'No one can guarantee a visa. Embassies publish their own fees; pay them directly where you can, never into a private account.',
    },
    verifiedHeading: 'How verification works',
    verified: {
      what: 'A “Verified” badge means our office checked this listing in person or by document, on the date shown.',
      checked: 'Tap the badge to read what we checked, for example “Title deed and owner ID checked at the office”.',
      limits:
        'It is not a guarantee of the sale: things change after the check. Always see the item or papers yourself before you pay.',
    },
    reportHeading: 'If something feels wrong',
    report:
      'Use “Report this listing” on its page, or contact our office: we read every report and remove listings that break our rules.',
    contact: 'Contact our office',
  },
} as const;
