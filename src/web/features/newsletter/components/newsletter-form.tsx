import { type FormEvent, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { HONEYPOT_FIELD } from '#shared/contact-fields';
import type { MessageKey } from '#shared/i18n';
import { NEWSLETTER_FORM_ACTION, RETURN_TO_FIELD } from '#shared/page-forms';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { FormMessage } from '#web/components/ui/form-message';
import { HoneypotField } from '#web/components/ui/honeypot-field';
import { useSubscribe } from '#web/features/newsletter/api/subscribe';
import { useT } from '#web/i18n/locale-provider';
import { ApiError } from '#web/lib/api-client';
import { tooManyRequestsText, usePageForms } from '#web/lib/page-forms';

const loadCheck = () => import('./newsletter-check');

/**
 * Footer newsletter sign-up (docs/product.md#newsletter): stores the address; every address gets the same thanks. A plain
 * HTML form, rendered with the page: without script it posts to the server, which comes back
 * to this page with the thanks, or the address and its message (decision 0043). With script
 * it is sent in place, checked first by the shared rule, loaded when first needed. One field
 * is simply its input: what is typed before the scripts arrive is what is sent.
 */
export function NewsletterForm() {
  const t = useT();
  const location = useLocation();
  const mutation = useSubscribe();
  const posted = usePageForms().newsletter;
  const [error, setError] = useState(posted && 'error' in posted ? posted.error : undefined);
  const [thanked, setThanked] = useState(posted !== undefined && 'subscribed' in posted);
  const input = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    setThanked(false);
    const { checkNewsletter } = await loadCheck();
    const checked = checkNewsletter({
      email: String(fields.get('email') ?? ''),
      website: String(fields.get(HONEYPOT_FIELD) ?? ''),
    });
    if (!checked.values) {
      setError(checked.error);
      input.current?.focus();
      return;
    }
    mutation.mutate(checked.values, {
      onSuccess: () => {
        form.reset();
        setThanked(true);
      },
    });
  };

  const failure =
    mutation.error instanceof ApiError && mutation.error.status === 429
      ? mutation.error.message
      : mutation.error
        ? t('newsletter.status.failed')
        : mutation.isIdle && posted && 'waitSeconds' in posted && !thanked && error === undefined
          ? tooManyRequestsText(t, posted.waitSeconds)
          : undefined;

  return (
    <form
      noValidate
      method="post"
      action={NEWSLETTER_FORM_ACTION}
      onSubmit={onSubmit}
      onFocus={() => void loadCheck()}
      className="flex flex-col gap-2"
      aria-label={t('layout.footer.newsletterTitle')}
    >
      <Field
        id="newsletter-email"
        label={t('newsletter.emailLabel')}
        hideLabel
        error={error}
        errorShownIn="newsletter-error"
      >
        {(control) => (
          <div className="flex gap-2">
            <input
              {...control}
              ref={input}
              name="email"
              type="email"
              required
              autoComplete="email"
              placeholder={t('newsletter.emailPlaceholder')}
              disabled={mutation.isPending}
              defaultValue={posted && 'email' in posted ? posted.email : undefined}
              className="min-h-11 min-w-0 flex-1 rounded-md border border-gray-600 bg-gray-800 px-3 text-white placeholder:text-gray-400 focus-visible:outline-brand-500"
              // A key press renders the form again only when there is a message to clear.
              onChange={() => {
                if (error !== undefined) setError(undefined);
                if (thanked) setThanked(false);
                if (!mutation.isIdle) mutation.reset();
              }}
            />
            <Button
              type="submit"
              loading={mutation.isPending}
              loadingText={t('newsletter.subscribing')}
              className="shrink-0 whitespace-nowrap focus-visible:outline-white"
            >
              {t('newsletter.subscribe')}
            </Button>
          </div>
        )}
      </Field>
      <input type="hidden" name={RETURN_TO_FIELD} value={`${location.pathname}${location.search}`} />
      <HoneypotField id="newsletter-website" label={t('contact.form.honeypot')} control={{ name: HONEYPOT_FIELD }} />
      {error && (
        <FormMessage tone="error" id="newsletter-error">
          {t(error as MessageKey)}
        </FormMessage>
      )}
      {failure && <FormMessage tone="error">{failure}</FormMessage>}
      {thanked && <FormMessage tone="success">{t('newsletter.status.subscribed')}</FormMessage>}
    </form>
  );
}
