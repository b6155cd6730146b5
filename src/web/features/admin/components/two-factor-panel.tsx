import '#web/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type ConfirmTwoFactorBody,
  confirmTwoFactorBodySchema,
  type DisableTwoFactorBody,
  disableTwoFactorBodySchema,
  type StartTwoFactorBody,
  startTwoFactorBodySchema,
  type TwoFactorSetup,
} from '#shared/account';
import type { MessageKey } from '#shared/i18n';
import { Button } from '#web/components/ui/button';
import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { useConfirmTwoFactor } from '#web/features/admin/api/confirm-two-factor';
import { useDisableTwoFactor } from '#web/features/admin/api/disable-two-factor';
import { sessionQueryOptions } from '#web/features/admin/api/get-session';
import { useTwoFactor } from '#web/features/admin/api/get-two-factor';
import { useStartTwoFactor } from '#web/features/admin/api/start-two-factor';
import { submitHandler } from '#web/features/admin/lib/field-errors';
import { useT } from '#web/i18n/locale-provider';
import { CodeField } from './code-field';
import { ErrorBanner } from './error-banner';
import { PasswordField } from './password-field';

/** The secret in groups of four, as authenticator apps show keys. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Two-factor sign-in on the Account page (docs/product.md#two-factor-sign-in): turn it on
 * (the password, then QR code and key, confirmed by a code), see the recovery codes once, or
 * turn it off (the password and a code).
 */
export function TwoFactorPanel({ className }: { className: string }) {
  const t = useT();
  const status = useTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const queryClient = useQueryClient();

  const body = () => {
    if (recoveryCodes) {
      return (
        <RecoveryCodesShown
          codes={recoveryCodes}
          onDone={async () => {
            setRecoveryCodes(null);
            // The session learns two-factor is on (an admin who had to set it up reaches the dashboard).
            await queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
          }}
        />
      );
    }
    if (setup) {
      return (
        <ConfirmSetup
          setup={setup}
          onCancel={() => setSetup(null)}
          onConfirmed={(codes) => {
            setSetup(null);
            setRecoveryCodes(codes);
          }}
        />
      );
    }
    if (!status.data) return status.isError ? <ErrorBanner message={t('admin.dashboard.loadFailed')} /> : null;
    if (status.data.enabled) {
      return (
        <>
          <p>{t('admin.twoFactor.statusOn', { n: status.data.recoveryCodesLeft })}</p>
          <TurnOff />
        </>
      );
    }
    return (
      <>
        <p>{t('admin.twoFactor.statusOff')}</p>
        <TurnOn onStarted={setSetup} />
      </>
    );
  };

  return (
    <section aria-labelledby="two-factor-title" className={className}>
      <h2 id="two-factor-title" className="text-lg font-semibold">
        {t('admin.twoFactor.title')}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('admin.twoFactor.intro')}</p>
      {body()}
    </section>
  );
}

function TurnOn({ onStarted }: { onStarted: (setup: TwoFactorSetup) => void }) {
  const t = useT();
  const start = useStartTwoFactor();
  const form = useForm<StartTwoFactorBody>({
    defaultValues: { password: '' },
    resolver: zodResolver(startTwoFactorBodySchema),
  });
  const { errors } = form.formState;
  const onSubmit = submitHandler(form, async (value) => {
    onStarted(await start.mutateAsync(value));
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      {errors.root?.message && <ErrorBanner message={errors.root.message} />}
      <PasswordField
        id="two-factor-on-password"
        label={t('admin.twoFactor.turnOnPassword')}
        autoComplete="current-password"
        error={errors.password?.message}
        registration={form.register('password')}
      />
      <Button type="submit" loading={start.isPending} loadingText={t('admin.twoFactor.starting')}>
        {t('admin.twoFactor.turnOn')}
      </Button>
    </form>
  );
}

function ConfirmSetup({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const t = useT();
  const confirm = useConfirmTwoFactor();
  const form = useForm<ConfirmTwoFactorBody>({
    defaultValues: { code: '' },
    resolver: zodResolver(confirmTwoFactorBodySchema),
  });
  const { errors } = form.formState;
  const onSubmit = submitHandler(form, async (value) => {
    onConfirmed((await confirm.mutateAsync(value)).recoveryCodes);
  });
  return (
    <div className="space-y-4">
      <p>{t('admin.twoFactor.scan')}</p>
      <img
        src={setup.qrDataUrl}
        alt={t('admin.twoFactor.qrAlt')}
        width={200}
        height={200}
        className="rounded bg-white p-2"
      />
      <div>
        <p className="text-sm font-medium">{t('admin.twoFactor.secretLabel')}</p>
        <code data-testid="two-factor-secret" className="block font-mono text-base break-all select-all">
          {grouped(setup.secret)}
        </code>
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {errors.root?.message && <ErrorBanner message={errors.root.message} />}
        <Field
          id="two-factor-confirm-code"
          label={t('admin.twoFactor.code')}
          error={errors.code?.message ? t(errors.code.message as MessageKey) : undefined}
        >
          {(control) => (
            <input
              {...control}
              autoComplete="one-time-code"
              inputMode="numeric"
              className={CONTROL_CLASS}
              disabled={confirm.isPending}
              {...form.register('code')}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={onCancel} disabled={confirm.isPending}>
            {t('admin.twoFactor.cancel')}
          </Button>
          <Button type="submit" loading={confirm.isPending} loadingText={t('admin.twoFactor.confirming')}>
            {t('admin.twoFactor.confirm')}
          </Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  return (
    <div className="space-y-3">
      <h3 className="font-semibold">{t('admin.twoFactor.recoveryTitle')}</h3>
      <p className="text-sm">{t('admin.twoFactor.recoveryText')}</p>
      <ul aria-label={t('admin.twoFactor.recoveryTitle')} className="grid grid-cols-2 gap-2 font-mono">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1 text-center dark:bg-slate-900">
            {code}
          </li>
        ))}
      </ul>
      <Button onClick={onDone}>{t('admin.twoFactor.recoveryDone')}</Button>
    </div>
  );
}

function TurnOff() {
  const t = useT();
  const disable = useDisableTwoFactor();
  const form = useForm<DisableTwoFactorBody>({
    defaultValues: { password: '', code: '' },
    resolver: zodResolver(disableTwoFactorBodySchema),
  });
  const { errors } = form.formState;
  const onSubmit = submitHandler(form, async (value) => {
    await disable.mutateAsync(value);
    form.reset();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      {errors.root?.message && <ErrorBanner message={errors.root.message} />}
      <PasswordField
        id="two-factor-off-password"
        label={t('admin.twoFactor.turnOffPassword')}
        autoComplete="current-password"
        error={errors.password?.message}
        registration={form.register('password')}
      />
      <CodeField
        id="two-factor-off-code"
        label={t('admin.twoFactor.turnOffCode')}
        error={errors.code?.message}
        registration={form.register('code')}
      />
      <Button
        type="submit"
        variant="danger-outline"
        loading={disable.isPending}
        loadingText={t('admin.twoFactor.turningOff')}
      >
        {t('admin.twoFactor.turnOff')}
      </Button>
    </form>
  );
}
