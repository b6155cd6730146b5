import '#web/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { dataRequestSchema, PERSONAL_DATA_KINDS, type PersonalData } from '#shared/privacy';
import { Button } from '#web/components/ui/button';
import { usePersonalDataActions } from '#web/features/admin/api/privacy';
import { showFieldErrors, submitHandler } from '#web/features/admin/lib/field-errors';
import type { SectionProps } from '#web/features/admin/section';
import { useT } from '#web/i18n/locale-provider';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ErrorBanner } from './error-banner';
import { FormInput } from './form-fields';

type RequestFields = z.input<typeof dataRequestSchema>;

/** Saves `data` as a JSON file in the browser's downloads. */
function download(data: PersonalData, day: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `personal-data-${day}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * /admin/privacy (admins, docs/product.md#privacy-requests): everything stored for one e-mail
 * address, with its counts; exported as JSON or deleted after a confirmation, each in the audit log.
 */
export function PrivacyRequestsSection(_props: SectionProps) {
  const t = useT();
  const actions = usePersonalDataActions();
  const [found, setFound] = useState<PersonalData | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState('');
  const form = useForm<RequestFields>({ defaultValues: { email: '' }, resolver: zodResolver(dataRequestSchema) });
  const onSubmit = submitHandler(form, async ({ email }) => {
    setOutcome('');
    setFound(await actions.find.mutateAsync(email));
  });
  const busy = actions.find.isPending || actions.export.isPending || actions.delete.isPending;
  const total = found ? PERSONAL_DATA_KINDS.reduce((sum, kind) => sum + found.counts[kind], 0) : 0;

  const exportAll = async () => {
    if (!found) return;
    try {
      const data = await actions.export.mutateAsync(found.email);
      download(data, data.collectedAt.slice(0, 10));
      setOutcome(t('adminSite.privacyRequests.exported'));
    } catch (error) {
      showFieldErrors(form, error);
    }
  };
  const deleteAll = async () => {
    if (!found) return;
    try {
      const { deleted } = await actions.delete.mutateAsync(found.email);
      const n = PERSONAL_DATA_KINDS.reduce((sum, kind) => sum + deleted[kind], 0);
      setFound(await actions.find.mutateAsync(found.email));
      setOutcome(t('adminSite.privacyRequests.deleted', { n }));
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <section aria-labelledby="privacy-requests-title" className="max-w-3xl space-y-4">
      <h2 id="privacy-requests-title" className="text-lg font-semibold">
        {t('adminSite.privacyRequests.title')}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('adminSite.privacyRequests.intro')}</p>
      <FormProvider {...form}>
        <form
          onSubmit={onSubmit}
          noValidate
          className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800"
        >
          {form.formState.errors.root?.message && <ErrorBanner message={form.formState.errors.root.message} />}
          <FormInput<RequestFields>
            name="email"
            type="email"
            autoComplete="off"
            className="min-w-64 flex-1"
            label={t('adminSite.privacyRequests.email')}
          />
          <Button type="submit" loading={actions.find.isPending} loadingText={t('adminSite.privacyRequests.finding')}>
            {t('adminSite.privacyRequests.find')}
          </Button>
        </form>
      </FormProvider>
      {found && (
        <div className="space-y-3 rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800">
          <p className="font-medium">
            {total === 0
              ? t('adminSite.privacyRequests.nothing', { email: found.email })
              : t('adminSite.privacyRequests.found', { email: found.email })}
          </p>
          <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
            {PERSONAL_DATA_KINDS.map((kind) => (
              <div key={kind} className="contents">
                <dt>{t(`adminSite.privacyRequests.kinds.${kind}`)}</dt>
                <dd className="text-right font-semibold tabular-nums">{found.counts[kind]}</dd>
              </div>
            ))}
          </dl>
          {total > 0 && (
            <div className="flex flex-wrap gap-3">
              <Button variant="secondary" onClick={exportAll} disabled={busy} loading={actions.export.isPending}>
                {t('adminSite.privacyRequests.export')}
              </Button>
              <Button variant="danger" onClick={() => setConfirming(true)} disabled={busy}>
                {t('adminSite.privacyRequests.delete')}
              </Button>
            </div>
          )}
        </div>
      )}
      <p role="status" className="min-h-5 text-sm font-medium text-green-800 dark:text-green-300">
        {outcome}
      </p>
      {confirming && found && (
        <ConfirmDeleteDialog
          title={t('adminSite.privacyRequests.confirmTitle', { email: found.email })}
          message={t('adminSite.privacyRequests.confirmText')}
          deleting={actions.delete.isPending}
          onConfirm={deleteAll}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
