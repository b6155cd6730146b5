import { type ActionFunctionArgs, redirect } from 'react-router';
import { HONEYPOT_FIELD } from '#shared/contact-fields';
import { type AlertFormState, type PageForms, RETURN_TO_FIELD } from '#shared/page-forms';
import { sameSitePath } from '#shared/same-site-path';
import { formActionContext, formText } from '#web/lib/page-forms';

/** The longest address the form takes: what is kept to show again is no longer. */
const EMAIL_MAX = 254;

/**
 * "E-mail me new matches" on a results page (docs/product.md#saved-search-alerts), a route of
 * its own with only this action. In the browser it answers in place (a fetcher); on the server
 * (posted without script) it goes back to the results page it was sent from, never another
 * site, which shows the outcome from the flash.
 */
export async function alertAction({ request, context }: ActionFunctionArgs) {
  const { writes, flash } = formActionContext(context);
  const form = await request.formData();
  const email = formText(form, 'email') ?? '';
  const frequency = formText(form, 'frequency') ?? 'daily';
  const honeypot = formText(form, HONEYPOT_FIELD);
  const kept = { email: email.slice(0, EMAIL_MAX), frequency: frequency === 'instant' ? 'instant' : 'daily' };
  let state: AlertFormState;
  try {
    const outcome = await writes.saveAlert({
      email,
      category: formText(form, 'category') as never,
      search: formText(form, 'search') ?? '',
      frequency: frequency as never,
      ...(honeypot === undefined ? {} : { [HONEYPOT_FIELD]: honeypot }),
    });
    state =
      'waitSeconds' in outcome
        ? {
            ...kept,
            waitSeconds: outcome.waitSeconds,
            ...(outcome.message ? { waitMessage: outcome.message } : {}),
          }
        : 'fields' in outcome
          ? {
              ...kept,
              error: outcome.fields.email ?? Object.values(outcome.fields)[0] ?? 'alerts.errors.searchInvalid',
            }
          : { sent: true };
  } catch (error) {
    if (flash) throw error;
    state = { ...kept, failed: true };
  }
  if (!flash) return { alert: state } satisfies PageForms;
  flash.set({ alert: state });
  // Back to the results, at the form.
  const back = sameSitePath(formText(form, RETURN_TO_FIELD)) ?? '/';
  return redirect(`${back}#alert`, 303);
}
