import { type ActionFunctionArgs, redirect } from 'react-router';
import { HONEYPOT_FIELD } from '#shared/contact-fields';
import { type NewsletterFormState, type PageForms, RETURN_TO_FIELD } from '#shared/page-forms';
import { sameSitePath } from '#shared/same-site-path';
import { formActionContext, formText } from '#web/lib/page-forms';

/** The longest address the sign-up takes: what is kept to show again is no longer. */
const EMAIL_MAX = 254;

/**
 * The footer's newsletter sign-up (docs/product.md#newsletter), a route of its own with only
 * this action. In the browser it answers in place (the footer's fetcher); on the server (the
 * form posted without script) it goes back to the page it was sent from, never another site,
 * whose footer shows the thanks, or the address and its message, from the flash.
 */
export async function newsletterAction({ request, context }: ActionFunctionArgs) {
  const { writes, flash } = formActionContext(context);
  const form = await request.formData();
  const email = formText(form, 'email') ?? '';
  const honeypot = formText(form, HONEYPOT_FIELD);
  const kept = email.slice(0, EMAIL_MAX);
  let state: NewsletterFormState;
  try {
    const outcome = await writes.subscribe({
      email,
      ...(honeypot === undefined ? {} : { [HONEYPOT_FIELD]: honeypot }),
    });
    state =
      'waitSeconds' in outcome
        ? {
            email: kept,
            waitSeconds: outcome.waitSeconds,
            ...(outcome.message ? { waitMessage: outcome.message } : {}),
          }
        : 'fields' in outcome && outcome.fields.email
          ? { email: kept, error: outcome.fields.email }
          : { subscribed: true };
  } catch (error) {
    if (flash) throw error;
    state = { email: kept, failed: true };
  }
  if (!flash) return { newsletter: state } satisfies PageForms;
  flash.set({ newsletter: state });
  return redirect(sameSitePath(formText(form, RETURN_TO_FIELD)) ?? '/', 303);
}
