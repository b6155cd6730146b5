import '#web/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { formatNairobiDateTime } from '#shared/nairobi-time';
import { DIGEST_DAYS } from '#shared/newsletter-digest';
import { INQUIRY_RETENTION } from '#shared/privacy';
import { type AdminSiteSettings, SITE_FIGURES, SOCIAL_NETWORK_NAMES, SOCIAL_NETWORKS } from '#shared/site-settings';
import { SITE_SETTINGS_LIMITS, type SiteSettingsInput, siteSettingsSchema } from '#shared/site-settings-schema';
import { Button } from '#web/components/ui/button';
import { type StoredSiteSettings, useAdminSiteSettings } from '#web/features/admin/api/get-site-settings';
import { useSaveSiteSettings } from '#web/features/admin/api/save-site-settings';
import type { SectionProps } from '#web/features/admin/section';
import { useT } from '#web/i18n/locale-provider';
import { ApiError } from '#web/lib/api-client';
import { ErrorBanner } from './error-banner';
import { ExchangeRatesPanel } from './exchange-rates-panel';
import { FormInput, FormSelect, FormTextarea } from './form-fields';
import { PrivacyPolicyPanel } from './privacy-policy-panel';

const GROUP = 'grid gap-4 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-2 dark:bg-slate-800';
const LEGEND = 'float-left mb-2 w-full text-base font-semibold sm:col-span-2';

/**
 * /admin/site (admins): the contact details, social links, figures, WhatsApp greeting and
 * inquiry retention, then the privacy page's text (docs/product.md#site-settings), checked by the shared schema here and again
 * on the server; saved, they show on the next page anyone opens.
 */
export function SiteSettingsSection(_props: SectionProps) {
  const t = useT();
  const stored = useAdminSiteSettings();
  if (stored.isPending) {
    return (
      <p role="status" className="py-8 text-center">
        {t('admin.dashboard.loadingData')}
      </p>
    );
  }
  if (stored.isError) return <ErrorBanner message={stored.error.message} />;
  return (
    <>
      <SiteSettingsForm stored={stored.data} />
      <PrivacyPolicyPanel />
      <ExchangeRatesPanel />
    </>
  );
}

function SiteSettingsForm({ stored }: { stored: StoredSiteSettings }) {
  const t = useT();
  const save = useSaveSiteSettings();
  const form = useForm<SiteSettingsInput, unknown, AdminSiteSettings>({
    defaultValues: formValues(stored.settings),
    resolver: zodResolver(siteSettingsSchema),
  });
  const [error, setError] = useState<string | null>(null);
  const Input = FormInput<SiteSettingsInput>;

  const onSubmit = form.handleSubmit((settings) => {
    setError(null);
    save.mutate(settings, {
      onSuccess: (saved) => form.reset(formValues(saved.settings)),
      onError: (failure) => {
        if (failure instanceof ApiError) {
          for (const [field, message] of Object.entries(failure.fields)) {
            form.setError(field as keyof SiteSettingsInput, { message });
          }
        }
        setError(failure.message);
      },
    });
  });

  return (
    <section aria-labelledby="site-title" className="max-w-4xl space-y-4">
      <div>
        <h2 id="site-title" className="text-lg font-semibold">
          {t('adminSite.title')}
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('adminSite.intro')}</p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {save.data?.updatedAt || stored.updatedAt
            ? t('adminSite.lastSaved', { time: formatNairobiDateTime(save.data?.updatedAt ?? stored.updatedAt ?? '') })
            : t('adminSite.neverSaved')}
        </p>
      </div>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <fieldset disabled={save.isPending} className={GROUP}>
            <legend className={LEGEND}>{t('adminSite.contact')}</legend>
            <Input
              name="whatsappNumber"
              type="tel"
              inputMode="tel"
              maxLength={SITE_SETTINGS_LIMITS.phone}
              label={t('adminSite.whatsappNumber')}
              hint={t('adminSite.whatsappHint')}
            />
            <Input
              name="phone"
              type="tel"
              inputMode="tel"
              maxLength={SITE_SETTINGS_LIMITS.phone}
              label={t('adminSite.phone')}
            />
            <Input name="email" type="email" maxLength={SITE_SETTINGS_LIMITS.email} label={t('adminSite.email')} />
            <Input name="address" maxLength={SITE_SETTINGS_LIMITS.address} label={t('adminSite.address')} />
            <Input
              name="openingHours.en"
              maxLength={SITE_SETTINGS_LIMITS.hours}
              label={t('adminSite.hoursEn')}
              hint={t('adminSite.hoursHint')}
            />
            <Input
              name="openingHours.so"
              lang="so"
              maxLength={SITE_SETTINGS_LIMITS.hours}
              label={t('adminSite.hoursSo')}
            />
          </fieldset>

          <fieldset disabled={save.isPending} className={GROUP}>
            <legend className={LEGEND}>{t('adminSite.social')}</legend>
            <p className="text-sm text-slate-700 sm:col-span-2 dark:text-slate-300">{t('adminSite.socialHint')}</p>
            {SOCIAL_NETWORKS.map((network) => (
              <Input
                key={network}
                name={`social.${network}`}
                type="url"
                inputMode="url"
                placeholder="https://"
                maxLength={SITE_SETTINGS_LIMITS.url}
                label={SOCIAL_NETWORK_NAMES[network]}
              />
            ))}
          </fieldset>

          <fieldset disabled={save.isPending} className={GROUP}>
            <legend className={LEGEND}>{t('adminSite.figures')}</legend>
            {SITE_FIGURES.map((figure) => (
              <Input
                key={figure}
                name={`figures.${figure}`}
                maxLength={SITE_SETTINGS_LIMITS.figure}
                label={t(`adminSite.figureNames.${figure}`)}
              />
            ))}
          </fieldset>

          <fieldset disabled={save.isPending} className={GROUP}>
            <legend className={LEGEND}>{t('adminSite.greeting')}</legend>
            <Input
              name="whatsappGreeting.en"
              maxLength={SITE_SETTINGS_LIMITS.greeting}
              label={t('adminSite.greetingEn')}
            />
            <Input
              name="whatsappGreeting.so"
              lang="so"
              maxLength={SITE_SETTINGS_LIMITS.greeting}
              label={t('adminSite.greetingSo')}
            />
          </fieldset>

          <fieldset disabled={save.isPending} className={GROUP}>
            <legend className={LEGEND}>{t('adminSite.retention')}</legend>
            <Input
              name="inquiryRetentionMonths"
              type="number"
              inputMode="numeric"
              min={INQUIRY_RETENTION.min}
              max={INQUIRY_RETENTION.max}
              step={1}
              setValueAs={(value: string) => (value === '' ? null : Number(value))}
              label={t('adminSite.inquiryRetention')}
              hint={t('adminSite.inquiryRetentionHint')}
            />
          </fieldset>

          <fieldset disabled={save.isPending} className={GROUP}>
            <legend className={LEGEND}>{t('adminSite.digest')}</legend>
            <p className="text-sm text-slate-700 sm:col-span-2 dark:text-slate-300">{t('adminSite.digestHint')}</p>
            <FormSelect<SiteSettingsInput>
              name="newsletterDigest.day"
              label={t('adminSite.digestDay')}
              options={[
                { value: 'off', label: t('adminSite.digestOff') },
                ...DIGEST_DAYS.map((day) => ({ value: day, label: t(`adminSite.digestDays.${day}`) })),
              ]}
            />
            <FormSelect<SiteSettingsInput>
              name="newsletterDigest.hour"
              label={t('adminSite.digestHour')}
              setValueAs={(value: string) => Number(value)}
              options={Array.from({ length: 24 }, (_, hour) => ({
                value: String(hour),
                label: `${String(hour).padStart(2, '0')}:00`,
              }))}
            />
          </fieldset>

          <fieldset disabled={save.isPending} className={GROUP}>
            <legend className={LEGEND}>{t('adminSite.blocked')}</legend>
            <FormTextarea<SiteSettingsInput>
              name="blockedWords"
              rows={8}
              spellCheck={false}
              className="sm:col-span-2"
              label={t('adminSite.blockedWords')}
              hint={t('adminSite.blockedWordsHint')}
            />
          </fieldset>

          {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
          <div className="flex flex-wrap items-center justify-end gap-3">
            <p role="status" className="text-sm font-medium text-green-800 dark:text-green-300">
              {save.isSuccess && !form.formState.isDirty ? t('adminSite.saved') : ''}
            </p>
            <Button type="submit" loading={save.isPending} loadingText={t('adminSite.saving')}>
              {t('adminSite.save')}
            </Button>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}

/** The settings as the form holds them: the blocked words one per line, as the textarea shows them. */
function formValues(settings: AdminSiteSettings): SiteSettingsInput {
  return { ...settings, blockedWords: settings.blockedWords.join('\n') };
}
