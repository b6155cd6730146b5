import { type ActionFunctionArgs, data, redirect } from 'react-router';
import { KEEP_PHOTOS_FIELD, type PageForms } from '#shared/page-forms';
import { formActionContext } from '#web/lib/page-forms';
import { PHOTOS_FIELD } from './sell-action';

/**
 * A seller's changes through their own link (docs/product.md#the-sellers-link): sent to staff
 * with the photos kept and added. As "Post a listing": answered in place in the browser; posted
 * without script, a change received redirects to the page, which says so once, and a refusal
 * shows the page again with what was typed.
 */
export async function sellEditAction({ request, context }: ActionFunctionArgs) {
  const { writes, flash } = formActionContext(context);
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? '';
  const form = await request.formData();
  const fields: Record<string, string> = {};
  const keepPhotos: string[] = [];
  const photos: File[] = [];
  for (const [name, value] of form.entries()) {
    if (name === KEEP_PHOTOS_FIELD && typeof value === 'string') keepPhotos.push(value);
    else if (typeof value === 'string') fields[name] ??= value;
    else if (name === PHOTOS_FIELD && (value.size > 0 || value.name)) photos.push(value);
  }
  const values = { ...fields, [KEEP_PHOTOS_FIELD]: keepPhotos.join('\n') };
  try {
    const outcome = await writes.editListing(token, { fields, photos, keepPhotos });
    if ('accepted' in outcome) {
      if (!flash) return { sellEdit: { sent: true } } satisfies PageForms;
      flash.set({ sellEdit: { sent: true } });
      return redirect(`${url.pathname}${url.search}`, 303);
    }
    if ('waitSeconds' in outcome) {
      const { waitSeconds, message: waitMessage } = outcome;
      const answer: PageForms = {
        sellEdit: { values, errors: {}, waitSeconds, ...(waitMessage ? { waitMessage } : {}) },
      };
      return data(answer, { status: 429 });
    }
    return data({ sellEdit: { values, errors: outcome.fields } } satisfies PageForms, { status: 400 });
  } catch (error) {
    if (flash) throw error;
    return { sellEdit: { values, errors: {}, failed: true } } satisfies PageForms;
  }
}
