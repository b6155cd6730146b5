import '#web/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { MessageKey } from '#shared/i18n';
import { ROLES } from '#shared/permissions';
import {
  type CreateStaffAnswer,
  type CreateStaffBody,
  createStaffFormSchema,
  PASSWORD_LINK_HOURS,
} from '#shared/staff-accounts';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { Select } from '#web/components/ui/select';
import { useCreateStaff } from '#web/features/admin/api/create-staff';
import { submitHandler } from '#web/features/admin/lib/field-errors';
import { useT } from '#web/i18n/locale-provider';
import { ErrorBanner } from './error-banner';
import { PasswordField } from './password-field';

/** "Add Staff Member": username, display name, role, and a first password or a one-time link. */
export function CreateStaffDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (answer: CreateStaffAnswer) => void;
}) {
  const t = useT();
  const create = useCreateStaff();
  const form = useForm<CreateStaffBody>({
    defaultValues: { username: '', name: '', role: 'editor', setup: 'link', password: undefined },
    resolver: zodResolver(createStaffFormSchema),
    // The password field goes with its choice: a link needs none.
    shouldUnregister: true,
  });
  const { errors, isSubmitting } = form.formState;
  const setup = form.watch('setup');
  const error = (message: string | undefined) => (message ? t(message as MessageKey) : undefined);
  const busy = isSubmitting || create.isPending;
  const close = () => {
    if (!busy) onClose();
  };
  const onSubmit = submitHandler(form, async (body) => {
    onCreated(await create.mutateAsync(body.setup === 'link' ? { ...body, password: undefined } : body));
  });
  return (
    <Dialog label={t('admin.staff.form.title')} onClose={close} className="max-w-lg">
      <form onSubmit={onSubmit} noValidate className="space-y-4 p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 className="text-xl font-bold">{t('admin.staff.form.title')}</h2>
          <Button
            variant="ghost"
            size="icon"
            onClick={close}
            aria-label={t('admin.staff.form.close')}
            className="text-2xl"
          >
            ×
          </Button>
        </div>
        {errors.root?.message && <ErrorBanner message={errors.root.message} />}
        <fieldset disabled={busy} className="space-y-4">
          <Field
            id="staff-username"
            label={t('admin.staff.form.username')}
            hint={t('admin.staff.form.usernameHint')}
            error={error(errors.username?.message)}
          >
            {(control) => (
              <input {...control} autoComplete="off" className={CONTROL_CLASS} {...form.register('username')} />
            )}
          </Field>
          <Field id="staff-name" label={t('admin.staff.form.name')} error={error(errors.name?.message)}>
            {(control) => (
              <input {...control} autoComplete="off" className={CONTROL_CLASS} {...form.register('name')} />
            )}
          </Field>
          <Field id="staff-role" label={t('admin.staff.form.role')} error={error(errors.role?.message)}>
            {(control) => (
              <Select
                {...control}
                {...form.register('role')}
                options={ROLES.map((role) => ({ value: role, label: t(`admin.roles.${role}`) }))}
              />
            )}
          </Field>
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium">{t('admin.staff.form.setup')}</legend>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" value="link" className="size-5" {...form.register('setup')} />
              {t('admin.staff.form.setupLink', { hours: PASSWORD_LINK_HOURS })}
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" value="password" className="size-5" {...form.register('setup')} />
              {t('admin.staff.form.setupPassword')}
            </label>
          </fieldset>
          {setup === 'password' && (
            <PasswordField
              id="staff-password"
              label={t('admin.staff.form.password')}
              hint={t('admin.password.rule')}
              autoComplete="new-password"
              error={errors.password?.message}
              registration={form.register('password', { setValueAs: (v) => (v === '' ? undefined : v) })}
            />
          )}
        </fieldset>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={close} disabled={busy}>
            {t('admin.staff.cancel')}
          </Button>
          <Button type="submit" loading={busy} loadingText={t('admin.staff.form.creating')}>
            {t('admin.staff.form.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
