import '../../../lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { HONEYPOT_FIELD } from '../../../../shared/contact-schema';
import type { MessageKey } from '../../../../shared/i18n';
import { type NewsletterInput, newsletterSchema } from '../../../../shared/newsletter-schema';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { FormMessage } from '../../../components/ui/form-message';
import { HoneypotField } from '../../../components/ui/honeypot-field';
import { useT } from '../../../i18n/locale-provider';
import { ApiError } from '../../../lib/api-client';
import { useSubscribe } from '../api/subscribe';

/** Footer newsletter sign-up (docs/product.md#newsletter): stores the address; every address gets the same thanks. */
export function NewsletterForm() {
  const t = useT();
  const mutation = useSubscribe();
  const form = useForm<NewsletterInput>({
    resolver: zodResolver(newsletterSchema),
    defaultValues: { email: '', [HONEYPOT_FIELD]: '' },
    reValidateMode: 'onSubmit',
  });
  const error = form.formState.errors.email?.message;

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutateAsync(values).then(
      () => form.reset(),
      () => undefined,
    ),
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
              className="min-h-11 min-w-0 flex-1 rounded-md border border-gray-600 bg-gray-800 px-3 text-white placeholder:text-gray-400 focus-visible:outline-brand-500"
              {...form.register('email', {
                onChange: () => {
                  form.clearErrors('email');
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
    </form>
  );
}
