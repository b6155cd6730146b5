/** The footer's newsletter form. */
export const newsletter = {
  emailLabel: 'Email address',
  emailPlaceholder: 'Your email address',
  subscribe: 'Subscribe',
  subscribing: 'Subscribing...',
  status: {
    subscribed: 'Thank you for subscribing! You will hear from us soon.',
    failed: 'Something went wrong. Please try again.',
  },
  errors: {
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
  },
} as const;
