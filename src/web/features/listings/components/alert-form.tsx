import { useEffect, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { ALERT_FREQUENCIES } from '#shared/alert-frequencies';
import type { Category } from '#shared/categories';
import { HONEYPOT_FIELD } from '#shared/contact-fields';
import type { MessageKey } from '#shared/i18n';
import { ALERT_FORM_ACTION, type PageForms, RETURN_TO_FIELD } from '#shared/page-forms';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { FormMessage } from '#web/components/ui/form-message';
import { HoneypotField } from '#web/components/ui/honeypot-field';
import { useT } from '#web/i18n/locale-provider';
import { tooManyRequestsText, usePageForms } from '#web/lib/page-forms';

/**
 * "E-mail me new matches" under a results page's listings (docs/product.md#saved-search-alerts):
 * saves the page's search for an address, which confirms it through the link we send. It posts
 * to the `/alerts` route's action (alert-action.ts): with script through a fetcher (the page
 * stays), without script as a plain HTML form the server answers by coming back here.
 */
export function AlertForm({ category }: { category: Category }) {
  const t = useT();
  const location = useLocation();
  const fetcher = useFetcher<PageForms>();
  const posted = usePageForms().alert;
  const [answer, setAnswer] = useState(posted);
  const sent = fetcher.data?.alert;
  useEffect(() => {
    if (sent) setAnswer(sent);
  }, [sent]);
  const sending = fetcher.state !== 'idle';
  const kept = answer && 'email' in answer ? answer : undefined;
  const error = answer && 'error' in answer ? t(answer.error as MessageKey) : undefined;
  const failure =
    answer && 'waitSeconds' in answer
      ? (answer.waitMessage ?? tooManyRequestsText(t, answer.waitSeconds))
      : answer && 'failed' in answer
        ? t('alerts.form.failed')
        : undefined;

  return (
    <section
      id="alert"
      aria-labelledby="alert-heading"
      className="mt-8 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="alert-heading" className="text-lg font-semibold">
        {t('alerts.form.title')}
      </h2>
      <p className="mt-1 text-gray-700">{t('alerts.form.intro')}</p>
      {answer && 'sent' in answer ? (
        <FormMessage tone="success">{t('alerts.form.sent')}</FormMessage>
      ) : (
        <fetcher.Form noValidate method="post" action={ALERT_FORM_ACTION} className="mt-3 flex flex-col gap-3">
          <Field id="alert-email" label={t('alerts.form.emailLabel')} error={error}>
            {(control) => (
              <input
                {...control}
                name="email"
                type="email"
                required
                autoComplete="email"
                defaultValue={kept?.email}
                disabled={sending}
                className="min-h-11 w-full max-w-md rounded-md border border-gray-300 px-3"
              />
            )}
          </Field>
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-gray-700">{t('alerts.form.frequencyLabel')}</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-1">
              {ALERT_FREQUENCIES.map((frequency) => (
                <label key={frequency} className="inline-flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name="frequency"
                    value={frequency}
                    defaultChecked={(kept?.frequency ?? 'daily') === frequency}
                    className="size-5"
                  />
                  {t(`alerts.form.frequency.${frequency}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <input type="hidden" name="category" value={category} />
          <input type="hidden" name="search" value={location.search} />
          <input type="hidden" name={RETURN_TO_FIELD} value={`${location.pathname}${location.search}`} />
          <HoneypotField id="alert-website" label={t('contact.form.honeypot')} control={{ name: HONEYPOT_FIELD }} />
          {failure && <FormMessage tone="error">{failure}</FormMessage>}
          <Button type="submit" loading={sending} loadingText={t('alerts.form.submitting')} className="self-start">
            {t('alerts.form.submit')}
          </Button>
        </fetcher.Form>
      )}
    </section>
  );
}
