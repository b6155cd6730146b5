import { type ActionFunctionArgs, data, redirect } from 'react-router';
import { HONEYPOT_FIELD } from '#shared/contact-fields';
import { type PageForms, SELL_FORM_ACTION } from '#shared/page-forms';
import { formActionContext } from '#web/lib/page-forms';

/** The photo field's name, as the JSON API reads it. */
export const PHOTOS_FIELD = 'images';

/** "Post a listing" again, in the language and category its address named. */
function sellPageOf(url: URL): string {
  const query = new URLSearchParams();
  const lang = url.searchParams.get('lang');
  if (lang === 'en' || lang === 'so') query.set('lang', lang);
  const category = url.searchParams.get('category');
  if (category) query.set('category', category);
  const search = query.toString();
  return search ? `${SELL_FORM_ACTION}?${search}` : SELL_FORM_ACTION;
}

/**
 * The seller's form's action (docs/product.md#post-a-listing): the listing and its photos
 * stored unconfirmed and the confirmation mailed. In the browser it answers in place; on the
 * server (the form posted without script) a listing received is answered with a redirect to
 * the page, which says so once, and anything else with the page again: the typed values
 * (photos cannot be kept: they are chosen again), the messages, the wait.
 */
export async function sellAction({ request, context }: ActionFunctionArgs) {
  const { writes, flash } = formActionContext(context);
  const form = await request.formData();
  const fields: Record<string, string> = {};
  const photos: File[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] ??= value;
    // An empty file input still sends an empty part.
    else if (name === PHOTOS_FIELD && (value.size > 0 || value.name)) photos.push(value);
  }
  const { [HONEYPOT_FIELD]: _hidden, ...values } = fields;
  let answer: PageForms;
  try {
    const outcome = await writes.submitListing({ fields, photos });
    if ('accepted' in outcome) {
      if (!flash) return { sell: { sent: true } } satisfies PageForms;
      flash.set({ sell: { sent: true } });
      return redirect(sellPageOf(new URL(request.url)), 303);
    }
    if ('waitSeconds' in outcome) {
      const { waitSeconds, message: waitMessage } = outcome;
      answer = { sell: { values, errors: {}, waitSeconds, ...(waitMessage ? { waitMessage } : {}) } };
      return data(answer, { status: 429 });
    }
    answer = { sell: { values, errors: outcome.fields } };
    return data(answer, { status: 400 });
  } catch (error) {
    // On the server the error page says what failed; in the browser the form says so and keeps the text.
    if (flash) throw error;
    return { sell: { values, errors: {}, failed: true } } satisfies PageForms;
  }
}
