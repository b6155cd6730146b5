import { type ActionFunctionArgs, data, redirect } from 'react-router';
import { HONEYPOT_FIELD } from '#shared/contact-fields';
import { CONTACT_FORM_ACTION, type ContactFieldName, type PageForms } from '#shared/page-forms';
import { formActionContext, formText } from '#web/lib/page-forms';

const FIELDS = ['name', 'email', 'subject', 'message'] as const satisfies readonly ContactFieldName[];

/** The contact page kept in the language its address names (`?lang=so`), as the form was posted from it. */
function contactPageOf(url: URL): string {
  const lang = url.searchParams.get('lang');
  return lang === 'en' || lang === 'so' ? `${CONTACT_FORM_ACTION}?lang=${lang}` : CONTACT_FORM_ACTION;
}

/**
 * The contact form's action (docs/product.md#contact): the message stored as an inquiry. In
 * the browser it answers in place; on the server (the form posted without script) a message
 * sent is answered with a redirect to the contact page, which says so once, and anything else
 * with the page again: the values, the messages, the wait.
 */
export async function contactAction({ request, context }: ActionFunctionArgs) {
  const { writes, flash } = formActionContext(context);
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((name) => [name, formText(form, name) ?? ''])) as Record<
    ContactFieldName,
    string
  >;
  const listingId = formText(form, 'listingId') || undefined;
  const honeypot = formText(form, HONEYPOT_FIELD);
  let answer: PageForms;
  try {
    const outcome = await writes.submitInquiry({
      ...values,
      ...(listingId ? { listingId } : {}),
      ...(honeypot === undefined ? {} : { [HONEYPOT_FIELD]: honeypot }),
    });
    if ('accepted' in outcome) {
      if (!flash) return { contact: { sent: true } } satisfies PageForms;
      flash.set({ contact: { sent: true } });
      return redirect(contactPageOf(new URL(request.url)), 303);
    }
    if ('waitSeconds' in outcome) {
      const { waitSeconds, message: waitMessage } = outcome;
      answer = { contact: { values, errors: {}, waitSeconds, ...(waitMessage ? { waitMessage } : {}) } };
      return data(answer, { status: 429 });
    }
    answer = { contact: { values, errors: outcome.fields } };
    return data(answer, { status: 400 });
  } catch (error) {
    // On the server the error page says what failed; in the browser the form says so and keeps the text.
    if (flash) throw error;
    return { contact: { values, errors: {}, failed: true } } satisfies PageForms;
  }
}
