import '../../../lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { HONEYPOT_FIELD } from '../../../../shared/contact-schema';
import type { MessageKey } from '../../../../shared/i18n';
import { type NewsletterInput, newsletterSchema } from '../../../../shared/newsletter-schema';
import { FormMessage } from '../../../components/ui/form-message';
import { useT } from '../../../i18n/locale-provider';
import { ApiError } from '../../../lib/api-client';
import { useSubscribe } from '../api/subscribe';

/** Footer newsletter sign-up (D3): stores the address; every address gets the same thanks. */
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
      <label htmlFor="newsletter-email" className="sr-only">
        {t('newsletter.emailLabel')}
      </label>
      <div className="flex gap-2">
        <input
          id="newsletter-email"
          type="email"
          required
          autoComplete="email"
          placeholder={t('newsletter.emailPlaceholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-error' : undefined}
          disabled={mutation.isPending}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-gray-600 bg-gray-800 px-3 text-white placeholder:text-gray-400 focus-visible:outline-brand-500"
          {...form.register('email', {
            onChange: () => {
              form.clearErrors('email');
              mutation.reset();
            },
          })}
        />
        <button
          type="submit"
          disabled={mutation.isPending}
          className="min-h-11 shrink-0 whitespace-nowrap rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 focus-visible:outline-white disabled:opacity-70"
        >
          {mutation.isPending ? t('newsletter.subscribing') : t('newsletter.subscribe')}
        </button>
      </div>
      {/* Honeypot: off-screen for people, tempting for bots. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="newsletter-website">{t('contact.form.honeypot')}</label>
        <input
          id="newsletter-website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...form.register(HONEYPOT_FIELD)}
        />
      </div>
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
