import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import {
  CONTACT_LIMITS,
  type ContactFields,
  contactTextLength,
  HONEYPOT_FIELD,
} from '../../../../shared/contact-fields';
import type { MessageKey } from '../../../../shared/i18n';
import { FormMessage } from '../../../components/ui/form-message';
import { useT } from '../../../i18n/locale-provider';
import { ApiError } from '../../../lib/api-client';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSendInquiry } from '../api/send-inquiry';

type Field = 'name' | 'email' | 'subject' | 'message';
type Status = { tone: 'error' | 'success'; text: string } | null;

const EMPTY: ContactFields = { name: '', email: '', subject: '', message: '', [HONEYPOT_FIELD]: '' };

const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-gray-400 px-3 py-2 text-gray-900 focus-visible:border-brand-700 aria-[invalid=true]:border-red-700 disabled:bg-gray-100';

/** zod and the shared rules load when the visitor starts on the form, not with the page. */
const loadResolver = () => import('./contact-resolver');
const contactResolver: Resolver<ContactFields> = async (values, context, options) =>
  (await loadResolver()).contactFormResolver(values, context, options);

/** Spec §2/§4/§5/§8 contact form; the message is stored as an inquiry (D3). */
export function ContactForm() {
  const t = useT();
  const mutation = useSendInquiry();
  const [status, setStatus] = useState<Status>(null);
  const form = useForm<ContactFields>({
    resolver: contactResolver,
    defaultValues: EMPTY,
    // Editing clears a field's error instead of re-checking it on every key (spec §4).
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const sending = mutation.isPending;
  const hydrated = useHydrated();
  // Counted as the server counts it, towards the limit the server enforces.
  const messageLength = contactTextLength(form.watch('message') ?? '');
  const messageTooLong = messageLength > CONTACT_LIMITS.message;

  const onSubmit = form.handleSubmit(
    async (values) => {
      setStatus(null);
      try {
        await mutation.mutateAsync(values);
        form.reset(EMPTY);
        setStatus({ tone: 'success', text: t('contact.status.success') });
      } catch (error) {
        if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length) {
          for (const [field, message] of Object.entries(error.fields)) {
            form.setError(field as Field, { message });
          }
          setStatus({ tone: 'error', text: t('contact.status.invalid') });
        } else if (error instanceof ApiError && error.status === 429) {
          setStatus({ tone: 'error', text: error.message });
        } else {
          setStatus({ tone: 'error', text: t('contact.status.failed') });
        }
      }
    },
    () => setStatus({ tone: 'error', text: t('contact.status.invalid') }),
  );

  const field = (name: Field) => ({
    id: `contact-${name}`,
    disabled: sending,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
    ...form.register(name, {
      onChange: () => {
        form.clearErrors(name);
        setStatus(null);
      },
    }),
  });
  const error = (name: Field) => {
    const message = errors[name]?.message;
    return message ? (
      <p id={`contact-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
        {t(message as MessageKey)}
      </p>
    ) : null;
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadResolver()}
      aria-labelledby="contact-form-title"
      className="flex flex-col gap-5"
    >
      <h2 id="contact-form-title" className="text-2xl font-bold text-gray-900">
        {t('contact.form.title')}
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="contact-name" className="font-medium text-gray-900">
            {t('contact.form.name')}
          </label>
          <input
            type="text"
            autoComplete="name"
            placeholder={t('contact.form.namePlaceholder')}
            className={inputClass}
            {...field('name')}
          />
          {error('name')}
        </div>
        <div>
          <label htmlFor="contact-email" className="font-medium text-gray-900">
            {t('contact.form.email')}
          </label>
          <input
            type="email"
            autoComplete="email"
            placeholder={t('contact.form.emailPlaceholder')}
            className={inputClass}
            {...field('email')}
          />
          {error('email')}
        </div>
      </div>
      <div>
        <label htmlFor="contact-subject" className="font-medium text-gray-900">
          {t('contact.form.subject')}
        </label>
        <input
          type="text"
          placeholder={t('contact.form.subjectPlaceholder')}
          className={inputClass}
          {...field('subject')}
        />
        {error('subject')}
      </div>
      <div>
        <label htmlFor="contact-message" className="font-medium text-gray-900">
          {t('contact.form.message')}
        </label>
        <textarea
          rows={6}
          placeholder={t('contact.form.messagePlaceholder')}
          className={inputClass}
          {...field('message')}
        />
        <div className="flex justify-between gap-2">
          {error('message') ?? <span />}
          <p className={`mt-1 text-sm ${messageTooLong ? 'text-red-800' : 'text-gray-700'}`} aria-live="polite">
            {t('contact.form.counter', { n: messageLength, max: CONTACT_LIMITS.message })}
          </p>
        </div>
      </div>
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">{t('contact.form.honeypot')}</label>
        <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...form.register(HONEYPOT_FIELD)} />
      </div>
      {status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}
      <button
        type="submit"
        disabled={sending || !hydrated}
        className="min-h-12 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
      >
        {sending ? t('contact.form.sending') : t('contact.form.submit')}
      </button>
      <p className="text-sm text-gray-700">{t('contact.form.privacy')}</p>
    </form>
  );
}
