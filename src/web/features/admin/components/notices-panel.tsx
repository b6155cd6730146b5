import '#web/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type StaffNotices, staffNoticesSchema } from '#shared/staff-notices';
import { Button } from '#web/components/ui/button';
import { Checkbox } from '#web/components/ui/checkbox';
import { useSaveStaffNotices, useStaffNotices } from '#web/features/admin/api/staff-notices';
import { submitHandler } from '#web/features/admin/lib/field-errors';
import { useT } from '#web/i18n/locale-provider';
import { ErrorBanner } from './error-banner';
import { FormInput } from './form-fields';

type NoticeFields = z.input<typeof staffNoticesSchema>;

/** The member's e-mail notices (docs/product.md#account): an address and the events their role offers. */
export function NoticesPanel({ className }: { className: string }) {
  const t = useT();
  const notices = useStaffNotices();
  return (
    <section aria-labelledby="notices-title" className={className}>
      <h2 id="notices-title" className="text-lg font-semibold">
        {t('admin.notices.title')}
      </h2>
      <p className="text-sm">{t('admin.notices.intro')}</p>
      {notices.error && <ErrorBanner message={notices.error.message} />}
      {notices.data && <NoticesForm current={notices.data} />}
    </section>
  );
}

function NoticesForm({ current }: { current: StaffNotices }) {
  const t = useT();
  const save = useSaveStaffNotices();
  const [done, setDone] = useState(false);
  const form = useForm<NoticeFields>({
    defaultValues: { email: current.email, events: current.events },
    resolver: zodResolver(staffNoticesSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = submitHandler(form, async (value) => {
    setDone(false);
    const saved = await save.mutateAsync(value);
    form.reset({ email: saved.email, events: saved.events });
    setDone(true);
  });
  const busy = isSubmitting || save.isPending;
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {errors.root?.message && <ErrorBanner message={errors.root.message} />}
        <fieldset disabled={busy} className="space-y-4">
          <FormInput<NoticeFields> name="email" label={t('admin.notices.email')} type="email" autoComplete="email" />
          {current.available.length > 0 && (
            <fieldset>
              <legend className="text-sm font-medium">{t('admin.notices.events')}</legend>
              {current.available.map((event) => (
                <Checkbox
                  key={event}
                  value={event}
                  label={t(`admin.notices.event.${event}`)}
                  {...form.register('events')}
                />
              ))}
            </fieldset>
          )}
        </fieldset>
        <Button type="submit" loading={busy} loadingText={t('admin.notices.saving')}>
          {t('admin.notices.save')}
        </Button>
        <p role="status" className="min-h-5 text-sm text-green-800 dark:text-green-300">
          {done ? t('admin.notices.saved') : ''}
        </p>
      </form>
    </FormProvider>
  );
}
