import '../../../lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { HONEYPOT_FIELD } from '../../../../shared/contact-schema';
import type { MessageKey } from '../../../../shared/i18n';
import { type NewsletterInput, newsletterSchema } from '../../../../shared/newsletter-schema';
import { NEWSLETTER_FORM_ACTION, RETURN_TO_FIELD } from '../../../../shared/page-forms';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { FormMessage } from '../../../components/ui/form-message';
import { HoneypotField } from '../../../components/ui/honeypot-field';
import { useT } from '../../../i18n/locale-provider';
import { ApiError } from '../../../lib/api-client';
import { usePageForms } from '../../../lib/page-forms';
import { useSubscribe } from '../api/subscribe';

/**
 * Footer newsletter sign-up: stores the address; every address gets the same thanks. A plain
 * HTML form too: without script it posts to the server, which comes back to this page with
 * the thanks or the address and its message.
 */
export function NewsletterForm() {
  const t = useT();
  const mutation = useSubscribe();
  const location = useLocation();
  const [posted, setPosted] = useState(usePageForms().newsletter);
  const form = useForm<NewsletterInput>({
    resolver: zodResolver(newsletterSchema),
    // No default address: react-hook-form takes what the field holds as the page comes alive.
    defaultValues: { [HONEYPOT_FIELD]: '' },
    reValidateMode: 'onSubmit',
  });
  const error = form.formState.errors.email?.message ?? (posted && 'error' in posted ? posted.error : undefined);

  const onSubmit = form.handleSubmit(
    (values) => {
      setPosted(undefined);
      return mutation.mutateAsync(values).then(
        () => form.reset({ email: '', [HONEYPOT_FIELD]: '' }),
        () => undefined,
      );
    },
    () => setPosted(undefined),
  );

  const failure =
    mutation.error instanceof ApiError && mutation.error.status === 429
      ? mutation.error.message
      : mutation.error
        ? t('newsletter.status.failed')
        : undefined;

  return (
    <form
      noValidate
      method="post"
      action={NEWSLETTER_FORM_ACTION}
      onSubmit={onSubmit}
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
              type="email"
              required
              autoComplete="email"
              placeholder={t('newsletter.emailPlaceholder')}
              disabled={mutation.isPending}
              defaultValue={posted && 'email' in posted ? posted.email : undefined}
              className="min-h-11 min-w-0 flex-1 rounded-md border border-gray-600 bg-gray-800 px-3 text-white placeholder:text-gray-400 focus-visible:outline-brand-500"
              {...form.register('email', {
                onChange: () => {
                  form.clearErrors('email');
                  setPosted(undefined);
                  mutation.reset();
                },
              })}
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
      <HoneypotField
        id="newsletter-website"
        label={t('contact.form.honeypot')}
        control={form.register(HONEYPOT_FIELD)}
      />
      {error && (
        <FormMessage tone="error" id="newsletter-error">
          {t(error as MessageKey)}
        </FormMessage>
      )}
      {failure && <FormMessage tone="error">{failure}</FormMessage>}
      {mutation.data && <FormMessage tone="success">{mutation.data.message}</FormMessage>}
      {posted && 'subscribed' in posted && (
        <FormMessage tone="success">{t('newsletter.status.subscribed')}</FormMessage>
      )}
    </form>
  );
}
