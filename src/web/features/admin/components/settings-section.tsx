import '#web/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type StaffSettings, staffSettingsSchema } from '#shared/staff-session';
import { Field } from '#web/components/ui/field';
import { Select } from '#web/components/ui/select';
import { useUpdateSettings } from '#web/features/admin/api/update-settings';
import type { SectionProps } from '#web/features/admin/section';
import { useT } from '#web/i18n/locale-provider';

/** Theme and Notifications (docs/product.md#settings), saved per staff member as soon as one changes, applied at once. */
export function SettingsSection({ user, onError }: SectionProps) {
  const t = useT();
  const update = useUpdateSettings();
  const form = useForm<StaffSettings>({ values: user.settings, resolver: zodResolver(staffSettingsSchema) });
  const save = form.handleSubmit((next) => update.mutate(next, { onError: (error) => onError(error.message) }));
  return (
    <section
      aria-labelledby="settings-title"
      className="max-w-md space-y-4 rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800"
    >
      <h2 id="settings-title" className="text-lg font-semibold">
        {t('admin.settings.title')}
      </h2>
      <form onChange={() => void save()} onSubmit={save}>
        <fieldset disabled={update.isPending} className="space-y-4">
          <Field id="settings-theme" label={t('admin.settings.theme')}>
            {(control) => (
              <Select
                {...control}
                {...form.register('theme')}
                options={[
                  { value: 'dark', label: t('admin.settings.themeDark') },
                  { value: 'light', label: t('admin.settings.themeLight') },
                ]}
              />
            )}
          </Field>
          <Field id="settings-notifications" label={t('admin.settings.notifications')}>
            {(control) => (
              <Select
                {...control}
                {...form.register('notifications', { setValueAs: (value) => value === true || value === 'true' })}
                options={[
                  { value: 'true', label: t('admin.settings.on') },
                  { value: 'false', label: t('admin.settings.off') },
                ]}
              />
            )}
          </Field>
        </fieldset>
      </form>
      <p role="status" className="min-h-5 text-sm text-green-800 dark:text-green-300">
        {update.isSuccess ? t('admin.settings.saved') : ''}
      </p>
    </section>
  );
}
