import { useEffect, useState } from 'react';
import { type Control, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useFetcher, useSearchParams } from 'react-router';
import { CONTACT_LIMITS, type ContactFields, contactTextLength, HONEYPOT_FIELD } from '#shared/contact-fields';
import type { MessageKey } from '#shared/i18n';
import type { Translate } from '#shared/i18n/core';
import { CONTACT_FORM_ACTION, type ContactFieldName, type PageForms } from '#shared/page-forms';
import { Button } from '#web/components/ui/button';
import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { FormMessage } from '#web/components/ui/form-message';
import { HoneypotField } from '#web/components/ui/honeypot-field';
import { useT } from '#web/i18n/locale-provider';
import { tooManyRequestsText, usePageForms } from '#web/lib/page-forms';

type FieldName = ContactFieldName;
type Status = { tone: 'error' | 'success'; text: string } | null;

const EMPTY: ContactFields = { name: '', email: '', subject: '', message: '', [HONEYPOT_FIELD]: '' };

/** zod and the shared rules load when the visitor starts on the form, not with the page. */
const loadResolver = () => import('./contact-resolver');
const contactResolver: Resolver<ContactFields> = async (values, context, options) =>
  (await loadResolver()).contactFormResolver(values, context, options);

/** What the form says of its action's answer. */
function statusOf(t: Translate, answer: PageForms['contact']): Status {
  if (!answer) return null;
  if ('sent' in answer) return { tone: 'success', text: t('contact.status.success') };
  if (answer.waitSeconds) {
    return { tone: 'error', text: answer.waitMessage ?? tooManyRequestsText(t, answer.waitSeconds) };
  }
  if (answer.failed) return { tone: 'error', text: t('contact.status.failed') };
  return { tone: 'error', text: t('contact.status.invalid') };
}

/**
 * The contact form (docs/product.md#contact); the message is stored as an inquiry by the
 * contact page's route action (contact-action.ts). Checked first by the shared rules, then
 * posted to the action in place (a fetcher: the page does not move). Without script the same
 * form posts to the server, which runs the action and answers with this page again.
 */
export function ContactForm() {
  const t = useT();
  const fetcher = useFetcher<PageForms>();
  // Opened from a listing's "Ask about this listing": the message is counted for that listing.
  const [searchParams] = useSearchParams();
  const listingId = searchParams.get('listing') ?? undefined;
  // A page in the language its address names posts in it, so the answer is in that language too.
  const lang = searchParams.get('lang');
  const action = lang === 'en' || lang === 'so' ? `${CONTACT_FORM_ACTION}?lang=${lang}` : CONTACT_FORM_ACTION;
  // What the form posted without script came back with: the thanks, or values and messages.
  const posted = usePageForms().contact;
  const [status, setStatus] = useState<Status>(() => statusOf(t, posted));
  const [postedErrors, setPostedErrors] = useState(posted && 'errors' in posted ? posted.errors : {});
  const postedValues = posted && 'values' in posted ? posted.values : undefined;
  const form = useForm<ContactFields>({
    resolver: contactResolver,
    // No default for the visible fields: react-hook-form then takes what the fields hold as the
    // page comes alive, so text typed before the scripts arrived stays.
    defaultValues: { [HONEYPOT_FIELD]: '' },
    // Editing clears a field's error instead of re-checking it on every key (docs/product.md#contact).
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const sending = fetcher.state !== 'idle';

  // The action's answer to a message sent in place: the thanks and an empty form, or the
  // server's messages beside their fields, with the text kept.
  const answer = fetcher.data?.contact;
  useEffect(() => {
    if (!answer) return;
    if ('sent' in answer) form.reset(EMPTY);
    else {
      for (const [field, message] of Object.entries(answer.errors)) form.setError(field as FieldName, { message });
    }
    setStatus(statusOf(t, answer));
  }, [answer, form, t]);

  const onSubmit = form.handleSubmit(
    (values) => {
      setStatus(null);
      setPostedErrors({});
      void fetcher.submit(
        { ...values, [HONEYPOT_FIELD]: values[HONEYPOT_FIELD] ?? '', ...(listingId ? { listingId } : {}) },
        { method: 'post', action },
      );
    },
    () => {
      setPostedErrors({});
      setStatus({ tone: 'error', text: t('contact.status.invalid') });
    },
  );

  // A key press changes only the field (and the counter): the form itself renders again only
  // when there is a message or a status to clear.
  const register = (name: FieldName) =>
    form.register(name, {
      onChange: () => {
        if (form.getFieldState(name).error) form.clearErrors(name);
        if (name in postedErrors) setPostedErrors(({ [name]: _cleared, ...rest }) => rest);
        if (status) setStatus(null);
      },
    });
  const error = (name: FieldName) => {
    const message = errors[name]?.message ?? postedErrors[name];
    return message ? t(message as MessageKey) : null;
  };

  const textField = (name: Exclude<FieldName, 'message'>, type: 'text' | 'email', autoComplete?: string) => (
    <Field id={`contact-${name}`} label={t(`contact.form.${name}`)} error={error(name)}>
      {(control) => (
        <input
          {...control}
          type={type}
          autoComplete={autoComplete}
          placeholder={t(`contact.form.${name}Placeholder`)}
          defaultValue={postedValues?.[name]}
          disabled={sending}
          className={CONTROL_CLASS}
          {...register(name)}
        />
      )}
    </Field>
  );

  return (
    <fetcher.Form
      noValidate
      method="post"
      action={action}
      onSubmit={onSubmit}
      onFocus={() => void loadResolver()}
      aria-labelledby="contact-form-title"
      className="flex flex-col gap-5"
    >
      <h2 id="contact-form-title" className="text-2xl font-bold text-gray-900">
        {t('contact.form.title')}
      </h2>
      {listingId && <input type="hidden" name="listingId" value={listingId} />}
      <div className="grid gap-5 sm:grid-cols-2">
        {textField('name', 'text', 'name')}
        {textField('email', 'email', 'email')}
      </div>
      {textField('subject', 'text')}
      <Field
        id="contact-message"
        label={t('contact.form.message')}
        error={error('message')}
        hint={
          <MessageCounter
            control={form.control}
            read={() => form.getValues('message')}
            posted={postedValues?.message}
          />
        }
      >
        {(control) => (
          <textarea
            {...control}
            rows={6}
            placeholder={t('contact.form.messagePlaceholder')}
            defaultValue={postedValues?.message}
            disabled={sending}
            className={CONTROL_CLASS}
            {...register('message')}
          />
        )}
      </Field>
      <HoneypotField id="contact-website" label={t('contact.form.honeypot')} control={form.register(HONEYPOT_FIELD)} />
      {status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}
      <Button type="submit" size="lg" loading={sending} loadingText={t('contact.form.sending')}>
        {t('contact.form.submit')}
      </Button>
      <p className="text-sm text-gray-700">{t('contact.form.privacy')}</p>
    </fetcher.Form>
  );
}

/**
 * The message's length, counted as the server counts it, towards the limit it enforces. Its
 * own component, rendered again only when the count changes: typing never renders the form.
 */
function MessageCounter({
  control,
  read,
  posted,
}: {
  control: Control<ContactFields>;
  /** The message as the form holds it now. */
  read: () => string | undefined;
  posted?: string;
}) {
  const t = useT();
  const typed = useWatch({
    control,
    name: 'message',
    compute: (message: string | undefined) => (message === undefined ? undefined : contactTextLength(message)),
  });
  // Until the first key press: what the form read from its field as it came alive (text typed
  // before the page's code arrived), else what the server's page came back with.
  const length = typed ?? contactTextLength(read() ?? posted ?? '');
  return (
    <p className={`text-right ${length > CONTACT_LIMITS.message ? 'text-red-800' : ''}`} aria-live="polite">
      {t('contact.form.counter', { n: length, max: CONTACT_LIMITS.message })}
    </p>
  );
}
