import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { HONEYPOT_FIELD } from '#shared/contact-fields';
import type { MessageKey } from '#shared/i18n';
import { NEWSLETTER_FORM_ACTION, type PageForms, RETURN_TO_FIELD } from '#shared/page-forms';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { FormMessage } from '#web/components/ui/form-message';
import { HoneypotField } from '#web/components/ui/honeypot-field';
import { useT } from '#web/i18n/locale-provider';
import { tooManyRequestsText, usePageForms } from '#web/lib/page-forms';

const loadCheck = () => import('./newsletter-check');

/**
 * Footer newsletter sign-up (docs/product.md#newsletter): stores the address; every address
 * gets the same thanks. It posts to the `/newsletter` route's action (newsletter-action.ts):
 * with script in place (a fetcher: the page does not move), checked first by the shared rule,
 * loaded when first needed; without script as a plain HTML form, which the server answers by
 * coming back to this page with the thanks, or the address and its message (decision 0082).
 * One field is simply its input: what is typed before the scripts arrive is what is sent.
 */
export function NewsletterForm() {
  const t = useT();
  const location = useLocation();
  const fetcher = useFetcher<PageForms>();
  const posted = usePageForms().newsletter;
  const [error, setError] = useState(posted && 'error' in posted ? posted.error : undefined);
  const [thanked, setThanked] = useState(posted !== undefined && 'subscribed' in posted);
  // What the server's page came back with, or the action's last answer in place, until the next key press.
  const [answer, setAnswer] = useState(posted);
  const input = useRef<HTMLInputElement>(null);
  const sending = fetcher.state !== 'idle';

  const sent = fetcher.data?.newsletter;
  useEffect(() => {
    if (!sent) return;
    setAnswer(sent);
    if ('subscribed' in sent) {
      input.current?.form?.reset();
      setThanked(true);
    } else if ('error' in sent) {
      setError(sent.error);
      input.current?.focus();
    }
  }, [sent]);

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
    setAnswer(undefined);
    void fetcher.submit(
      { email: checked.values.email, [HONEYPOT_FIELD]: checked.values[HONEYPOT_FIELD] ?? '' },
      { method: 'post', action: NEWSLETTER_FORM_ACTION },
    );
  };

  const failure =
    answer && 'waitSeconds' in answer
      ? (answer.waitMessage ?? tooManyRequestsText(t, answer.waitSeconds))
      : answer && 'failed' in answer
        ? t('newsletter.status.failed')
        : undefined;

  return (
    <fetcher.Form
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
              disabled={sending}
              defaultValue={posted && 'email' in posted ? posted.email : undefined}
              className="min-h-11 min-w-0 flex-1 rounded-md border border-gray-600 bg-gray-800 px-3 text-white placeholder:text-gray-400 focus-visible:outline-brand-500"
              // A key press renders the form again only when there is a message to clear.
              onChange={() => {
                if (error !== undefined) setError(undefined);
                if (thanked) setThanked(false);
                if (answer !== undefined) setAnswer(undefined);
              }}
            />
            <Button
              type="submit"
              loading={sending}
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
    </fetcher.Form>
  );
}
