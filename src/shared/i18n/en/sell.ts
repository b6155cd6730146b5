/** "Post a listing": the seller's form, its messages, its e-mails and its link pages. */
export const sell = {
  status: {
    received:
      'Thank you! Check your inbox: open the link in our e-mail to send your listing to our team. It goes live once they approve it.',
  },
  errors: {
    invalid: 'Please check the form.',
    nameRequired: 'Your name is required',
    nameTooLong: 'Your name is too long',
    emailRequired: 'Your e-mail address is required',
    emailInvalid: 'Please enter a valid e-mail address',
    consentRequired: 'Please agree to the terms to post a listing',
    multipartRequired: 'The listing must be sent as a form with its photos.',
    badForm: 'The form arrived incomplete. Please send it again.',
    badData: 'The listing arrived unreadable. Please send it again.',
    dataTooLarge: 'The listing is too long.',
    tooManyParts: 'The form has too many parts.',
    tooManyImages: 'At most 10 photos per listing.',
    tooManyOpen:
      'You already have {n} listings waiting for confirmation or review. Please wait until our team has checked them.',
  },
  mail: {
    approvedSubject: 'Your listing is live: {title}',
    approvedIntro: 'Good news: our team approved your listing "{title}". It is now on {site}.',
    approvedAction: 'See my listing',
    rejectedSubject: 'Your listing was not approved: {title}',
    rejectedIntro: 'Our team checked your listing "{title}" and could not approve it. Their reason:',
    rejectedAgain: 'You are welcome to post it again with the changes.',
    confirmSubject: 'Confirm your listing: {title}',
    confirmIntro:
      'Someone, we hope you, posted the listing "{title}" on {site} with this address. Confirm it and our team will check it before it goes live.',
    confirmAction: 'Confirm my listing',
    confirmValid: 'This link works for 48 hours. A listing not confirmed by then is deleted, with its photos.',
    confirmIgnore: 'If you did not post it, ignore this e-mail: nothing will be shown.',
    footer: 'You got this e-mail because this address was entered on {site}.',
  },
  pages: {
    postAgain: 'Post a listing',
    invalidLinkTitle: 'This link does not work',
    invalidLink: 'This listing is no longer stored, or the link is incomplete. You can post it again.',
    expiredTitle: 'This link has expired',
    expired: 'A confirmation link works for 48 hours. Please post your listing again.',
    confirmTitle: 'Confirm your listing',
    confirmText: 'Send your listing "{title}" to our team for review?',
    confirmButton: 'Confirm my listing',
    confirmed: 'Thank you: your listing is confirmed.',
    confirmedText: 'Our team will check "{title}" soon. We will write to you at {email} when it is decided.',
  },
} as const;
