import type { StaffSettings } from '../../../../shared/staff-session';
import { useT } from '../../../i18n/locale-provider';
import { useUpdateSettings } from '../api/update-settings';
import type { SectionProps } from '../section';

/** Spec §2 / D5: Theme and Notifications, saved per staff user and applied at once. */
export function SettingsSection({ user, onError }: SectionProps) {
  const t = useT();
  const { settings } = user;
  const update = useUpdateSettings();
  const save = (next: StaffSettings) => update.mutate(next, { onError: (error) => onError(error.message) });
  const select =
    'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-900';
  return (
    <section
      aria-labelledby="settings-title"
      className="max-w-md space-y-4 rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800"
    >
      <h2 id="settings-title" className="text-lg font-semibold">
        {t('admin.settings.title')}
      </h2>
      <label className="block text-sm font-medium">
        {t('admin.settings.theme')}
        <select
          value={settings.theme}
          disabled={update.isPending}
          onChange={(e) => save({ ...settings, theme: e.target.value as StaffSettings['theme'] })}
          className={select}
        >
          <option value="dark">{t('admin.settings.themeDark')}</option>
          <option value="light">{t('admin.settings.themeLight')}</option>
        </select>
      </label>
      <label className="block text-sm font-medium">
        {t('admin.settings.notifications')}
        <select
          value={settings.notifications ? 'on' : 'off'}
          disabled={update.isPending}
          onChange={(e) => save({ ...settings, notifications: e.target.value === 'on' })}
          className={select}
        >
          <option value="on">{t('admin.settings.on')}</option>
          <option value="off">{t('admin.settings.off')}</option>
        </select>
      </label>
      <p role="status" className="min-h-5 text-sm text-green-800 dark:text-green-300">
        {update.isSuccess ? t('admin.settings.saved') : ''}
      </p>
    </section>
  );
}
