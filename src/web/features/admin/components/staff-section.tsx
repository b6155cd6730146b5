import { useState } from 'react';
import { ROLES, type Role } from '#shared/permissions';
import type { PasswordLink, StaffMember } from '#shared/staff-accounts';
import { Button } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { Select } from '#web/components/ui/select';
import { useStaff } from '#web/features/admin/api/get-staff';
import { useResetStaffPassword } from '#web/features/admin/api/reset-staff-password';
import { useResetStaffTwoFactor } from '#web/features/admin/api/reset-staff-two-factor';
import { useUnlockStaffTwoFactor } from '#web/features/admin/api/unlock-staff-two-factor';
import { useUpdateStaff } from '#web/features/admin/api/update-staff';
import type { SectionProps } from '#web/features/admin/section';
import { useT } from '#web/i18n/locale-provider';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { CreateStaffDialog } from './create-staff-dialog';
import { ErrorBanner } from './error-banner';
import { PasswordLinkDialog } from './password-link-dialog';

const dateFormat = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });

type Pending = { kind: 'disable' | 'reset-password' | 'reset-two-factor'; member: StaffMember };

/**
 * /admin/staff (docs/product.md#staff-accounts): every account with its role, status,
 * two-factor and last sign-in; add one, change a role, disable or enable, reset a password
 * (a one-time link) or two-factor sign-in, or unlock two-factor sign-in locked after wrong
 * codes. An admin's own account is changed on Account.
 */
export function StaffSection({ user, onError }: SectionProps) {
  const t = useT();
  const staff = useStaff();
  const update = useUpdateStaff();
  const resetPassword = useResetStaffPassword();
  const resetTwoFactor = useResetStaffTwoFactor();
  const unlockTwoFactor = useUnlockStaffTwoFactor();
  const [adding, setAdding] = useState(false);
  const [link, setLink] = useState<{ username: string; link: PasswordLink } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const fail = (error: Error) => onError(error.message);

  const confirmPending = () => {
    if (!pending) return;
    const { kind, member } = pending;
    const done = { onSettled: () => setPending(null), onError: fail };
    if (kind === 'disable') update.mutate({ id: member.id, is_disabled: true }, done);
    if (kind === 'reset-two-factor') resetTwoFactor.mutate(member.id, done);
    if (kind === 'reset-password') {
      resetPassword.mutate(member.id, {
        ...done,
        onSuccess: (made) => setLink({ username: member.username, link: made }),
      });
    }
  };
  const busy = update.isPending || resetPassword.isPending || resetTwoFactor.isPending || unlockTwoFactor.isPending;

  return (
    <section aria-labelledby="staff-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="staff-title" className="text-lg font-semibold">
          {t('admin.staff.title')}
        </h2>
        <Button onClick={() => setAdding(true)}>{t('admin.staff.add')}</Button>
      </div>
      {staff.isError && <ErrorBanner message={t('admin.dashboard.loadFailed')} />}
      {staff.isPending && <p role="status">{t('admin.dashboard.loadingData')}</p>}
      {staff.data?.items.length === 0 && <EmptyState text={t('admin.staff.empty')} />}
      <ul className="space-y-3" aria-busy={staff.isFetching}>
        {staff.data?.items.map((member) => {
          const self = member.username === user.username;
          return (
            <li key={member.id} className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold break-all">
                  {member.username} {self && <span className="font-normal">{t('admin.staff.you')}</span>}
                </h3>
                <span
                  className={`rounded-full px-2 py-1 text-xs font-semibold ${member.disabled ? 'bg-red-100 text-red-900' : 'bg-green-100 text-green-900'}`}
                >
                  {member.disabled ? t('admin.staff.disabled') : t('admin.staff.active')}
                </span>
              </div>
              {member.name && <p className="text-sm break-words">{member.name}</p>}
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
                <dt>{t('admin.staff.columns.twoFactor')}</dt>
                <dd>
                  {member.twoFactor ? t('admin.staff.on') : t('admin.staff.off')}
                  {member.twoFactorLockedUntil && (
                    <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">
                      {t('admin.staff.lockedUntil', { time: dateFormat.format(new Date(member.twoFactorLockedUntil)) })}
                    </span>
                  )}
                </dd>
                <dt>{t('admin.staff.columns.lastSignIn')}</dt>
                <dd>
                  {member.lastSignedInAt ? dateFormat.format(new Date(member.lastSignedInAt)) : t('admin.staff.never')}
                </dd>
              </dl>
              <div className="mt-3 flex flex-wrap items-end gap-2">
                {self ? (
                  <p className="text-sm">
                    {t('admin.staff.columns.role')}: {t(`admin.roles.${member.role}`)}
                  </p>
                ) : (
                  <>
                    <Select
                      aria-label={t('admin.staff.changeRole', { username: member.username })}
                      value={member.role}
                      disabled={busy}
                      className="w-auto"
                      onChange={(e) =>
                        update.mutate({ id: member.id, role: e.target.value as Role }, { onError: fail })
                      }
                      options={ROLES.map((role) => ({ value: role, label: t(`admin.roles.${role}`) }))}
                    />
                    {member.disabled ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={busy}
                        aria-label={t('admin.staff.enableLabel', { username: member.username })}
                        onClick={() => update.mutate({ id: member.id, is_disabled: false }, { onError: fail })}
                      >
                        {t('admin.staff.enable')}
                      </Button>
                    ) : (
                      <Button
                        variant="danger-outline"
                        size="sm"
                        disabled={busy}
                        aria-label={t('admin.staff.disableLabel', { username: member.username })}
                        onClick={() => setPending({ kind: 'disable', member })}
                      >
                        {t('admin.staff.disable')}
                      </Button>
                    )}
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={busy}
                      aria-label={t('admin.staff.resetPasswordLabel', { username: member.username })}
                      onClick={() => setPending({ kind: 'reset-password', member })}
                    >
                      {t('admin.staff.resetPassword')}
                    </Button>
                    {member.twoFactor && (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={busy}
                        aria-label={t('admin.staff.resetTwoFactorLabel', { username: member.username })}
                        onClick={() => setPending({ kind: 'reset-two-factor', member })}
                      >
                        {t('admin.staff.resetTwoFactor')}
                      </Button>
                    )}
                    {member.twoFactorLockedUntil && (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={busy}
                        aria-label={t('admin.staff.unlockTwoFactorLabel', { username: member.username })}
                        onClick={() => unlockTwoFactor.mutate(member.id, { onError: fail })}
                      >
                        {t('admin.staff.unlockTwoFactor')}
                      </Button>
                    )}
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>

      {adding && (
        <CreateStaffDialog
          onClose={() => setAdding(false)}
          onCreated={(answer) => {
            setAdding(false);
            if (answer.link) setLink({ username: answer.member.username, link: answer.link });
          }}
        />
      )}
      {link && <PasswordLinkDialog username={link.username} link={link.link} onClose={() => setLink(null)} />}
      {pending && (
        <ConfirmDeleteDialog
          title={t(CONFIRM_TEXT[pending.kind].title, { username: pending.member.username })}
          message={t(CONFIRM_TEXT[pending.kind].message)}
          confirmLabel={t('admin.staff.confirm')}
          deleting={busy}
          onConfirm={confirmPending}
          onCancel={() => setPending(null)}
        />
      )}
    </section>
  );
}

const CONFIRM_TEXT = {
  disable: { title: 'admin.staff.confirmDisableTitle', message: 'admin.staff.confirmDisable' },
  'reset-password': { title: 'admin.staff.confirmResetTitle', message: 'admin.staff.confirmReset' },
  'reset-two-factor': { title: 'admin.staff.confirmTwoFactorTitle', message: 'admin.staff.confirmTwoFactor' },
} as const;
