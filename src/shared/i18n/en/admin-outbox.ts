/** The Outbox section of the staff area (docs/product.md#outbox); English only, like the rest of it. */
export const adminOutbox = {
  nav: 'Outbox',
  title: 'Outbox',
  deliverySmtp:
    'Mail is sent through the mail server (SMTP_URL). Messages waiting or failed are listed with the reason.',
  deliveryOutbox:
    'No mail server is configured (SMTP_URL): messages are kept here and not sent. Read them here, or configure a mail server.',
  statuses: { queued: 'Waiting', sent: 'Sent', outbox: 'Kept here (not sent)', failed: 'Failed' },
  all: 'All',
  show: 'Show',
  recipient: 'Recipient',
  count: '{n} message(s)',
  summary: '{queued} waiting · {failed} failed · {sent} sent · {outbox} kept here',
  oldestWaiting: 'Oldest waiting since {when}',
  empty: 'No messages here.',
  attempts: 'Tries:',
  nextTry: 'Next try {when}',
  lastError: 'Last error: {error}',
  open: 'Read',
  close: 'Close',
  htmlPart: 'As it looks (HTML part)',
  textPart: 'Plain text part',
  replyTo: 'Reply-To: {address}',
  unsubscribe: 'Bulk mail: one-click unsubscribe {url}',
  retry: 'Try again',
  errors: {
    notFound: 'That message does not exist.',
    notFailed: 'Only a failed message can be tried again.',
  },
};
