/** The footer's newsletter form, its messages and its link pages. */
export const newsletter = {
  emailLabel: 'Email address',
  emailPlaceholder: 'Your email address',
  subscribe: 'Subscribe',
  subscribing: 'Subscribing...',
  status: {
    subscribed: 'Thank you for subscribing! Check your inbox: open the link in our e-mail to confirm.',
    failed: 'Something went wrong. Please try again.',
  },
  errors: {
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
  },
  mail: {
    confirmSubject: 'Confirm your subscription to our newsletter',
    confirmIntro:
      'Someone, we hope you, asked for the newsletter of {site} at this address: new listings and the latest posts, once a week.',
    reconfirmSubject: 'Do you still want our newsletter? Please confirm',
    reconfirmIntro:
      'You subscribed to the newsletter of {site}. We now send it only to addresses that confirm once. Do you still want it?',
    confirmAction: 'Confirm my subscription',
    confirmValid: 'This link works for 7 days.',
    confirmIgnore: 'If you do not want it, ignore this e-mail: we will send you nothing.',
    unsubscribe: 'Unsubscribe',
    footer: 'You got this e-mail because this address was entered on {site}.',
    subscribedFooter: 'You get this e-mail because you subscribed to the newsletter of {site}.',
  },
  digest: {
    subject: 'New this week on {brand}',
    intro: 'Here is what is new on {brand} since our last newsletter.',
    categoryHeading: '{category}: {n} new',
    categoryHeadingOne: '{category}: 1 new',
    seeAll: 'See all {n} in {category}',
    blogHeading: 'Latest from the blog',
  },
  pages: {
    invalidLinkTitle: 'This link does not work',
    invalidLink:
      'This address is no longer subscribed, or the link is incomplete. You can subscribe again at the foot of any page.',
    expiredTitle: 'This link has expired',
    expired:
      'A confirmation link works for 7 days. Subscribe again at the foot of any page and we will send you a new one.',
    confirmTitle: 'Confirm your subscription',
    confirmText: 'Receive our newsletter at {email}?',
    confirmButton: 'Confirm my subscription',
    confirmed: 'You are subscribed. Thank you!',
    confirmedText: 'Our newsletter will come to {email}. Every issue has a link to unsubscribe.',
    unsubscribeTitle: 'Unsubscribe',
    unsubscribeText: 'Stop our newsletter to {email}?',
    unsubscribeButton: 'Unsubscribe',
    unsubscribed: 'You are unsubscribed: you will get no more newsletters from us.',
  },
} as const;
