import '#web/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { formatDate } from '#shared/format-date';
import {
  PRIVACY_TEXT_MAX,
  type PrivacyPolicyInput,
  privacyPolicySchema,
  type StoredPrivacyPolicy,
} from '#shared/privacy';
import { Button } from '#web/components/ui/button';
import { useAdminPrivacyPolicy, useSavePrivacyPolicy } from '#web/features/admin/api/privacy';
import { submitHandler } from '#web/features/admin/lib/field-errors';
import { useT } from '#web/i18n/locale-provider';
import { ErrorBanner } from './error-banner';
import { FormTextarea } from './form-fields';

/** The privacy page's Markdown in both languages (docs/product.md#privacy); saving dates it today. */
export function PrivacyPolicyPanel() {
  const t = useT();
  const policy = useAdminPrivacyPolicy();
  return (
    <section
      aria-labelledby="privacy-title"
      className="mt-6 max-w-4xl space-y-4 rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800"
    >
      <h2 id="privacy-title" className="text-lg font-semibold">
        {t('adminSite.privacy.title')}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('adminSite.privacy.intro')}</p>
      {policy.isError && <ErrorBanner message={policy.error.message} />}
      {policy.data && <PrivacyPolicyForm stored={policy.data} />}
    </section>
  );
}

function PrivacyPolicyForm({ stored }: { stored: StoredPrivacyPolicy }) {
  const t = useT();
  const save = useSavePrivacyPolicy();
  const [done, setDone] = useState(false);
  const form = useForm<PrivacyPolicyInput>({
    defaultValues: { text: stored.text },
    resolver: zodResolver(privacyPolicySchema),
  });
  const current = save.data ?? stored;
  const onSubmit = submitHandler(form, async (value) => {
    setDone(false);
    const saved = await save.mutateAsync(value);
    form.reset({ text: saved.text });
    setDone(true);
  });
  const busy = form.formState.isSubmitting || save.isPending;
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {current.isDefault ? `${t('adminSite.privacy.isDefault')} ` : ''}
          {t('adminSite.privacy.lastUpdated', { date: formatDate(current.updatedOn, 'en') })}{' '}
          <a href="/privacy" target="_blank" rel="noopener" className="font-medium underline">
            {t('adminSite.privacy.view')}
          </a>
        </p>
        {form.formState.errors.root?.message && <ErrorBanner message={form.formState.errors.root.message} />}
        <fieldset disabled={busy} className="space-y-4">
          <FormTextarea<PrivacyPolicyInput>
            name="text.en"
            rows={14}
            maxLength={PRIVACY_TEXT_MAX}
            label={t('adminSite.privacy.textEn')}
          />
          <FormTextarea<PrivacyPolicyInput>
            name="text.so"
            lang="so"
            rows={14}
            maxLength={PRIVACY_TEXT_MAX}
            label={t('adminSite.privacy.textSo')}
          />
        </fieldset>
        <div className="flex flex-wrap items-center justify-end gap-3">
          <p role="status" className="text-sm font-medium text-green-800 dark:text-green-300">
            {done ? t('adminSite.privacy.saved') : ''}
          </p>
          <Button type="submit" loading={busy} loadingText={t('adminSite.privacy.saving')}>
            {t('adminSite.privacy.save')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
