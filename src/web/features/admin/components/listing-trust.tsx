import '#web/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { MessageKey } from '#shared/i18n';
import type { Listing } from '#shared/listing';
import {
  expiryFormSchema,
  type ListingTrustBody,
  MAX_VERIFICATION_NOTE,
  verificationFormSchema,
} from '#shared/listing-trust';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { useExpiringListings } from '#web/features/admin/api/get-expiring-listings';
import { useSetListingTrust } from '#web/features/admin/api/set-listing-trust';
import { useT } from '#web/i18n/locale-provider';
import { ErrorBanner } from './error-banner';

const dateFormat = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', year: 'numeric' });
/** A calendar day (YYYY-MM-DD) as staff read it. */
const formatDay = (day: string) => dateFormat.format(new Date(`${day}T12:00:00Z`));
/** Today in Nairobi plus `days`, as YYYY-MM-DD. */
const nairobiDayFromNow = (days: number) =>
  new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

const PILL = 'rounded-full px-2 py-0.5 text-xs font-semibold';

/** The marks of a listing in the staff table: availability other than available, featured, verified. */
export function TrustMarks({ listing }: { listing: Listing }) {
  const t = useT();
  return (
    <span className="mt-1 flex flex-wrap gap-1">
      {listing.availability !== 'active' && (
        <span className={`${PILL} bg-slate-800 text-white`}>
          {t(`admin.trust.availabilities.${listing.availability}`)}
        </span>
      )}
      {listing.featured && <span className={`${PILL} bg-amber-100 text-amber-900`}>{t('admin.trust.featured')}</span>}
      {listing.verified_at && (
        <span className={`${PILL} bg-emerald-100 text-emerald-900`}>{t('admin.trust.verified')}</span>
      )}
    </span>
  );
}

/** Availability, featured, expiry and the office's verification of one listing, each saved on its own. */
export function ListingTrustDialog({ listing, onClose }: { listing: Listing; onClose: () => void }) {
  const t = useT();
  const save = useSetListingTrust();
  const [current, setCurrent] = useState(listing);
  const [message, setMessage] = useState('');
  const expiry = useForm<{ expires_on: string }>({
    defaultValues: { expires_on: listing.expires_on ?? '' },
    resolver: zodResolver(expiryFormSchema),
  });
  const verification = useForm<{ note: string }>({
    defaultValues: { note: listing.verification_note ?? '' },
    resolver: zodResolver(verificationFormSchema),
  });
  const error = (key: string | undefined) => (key ? t(key as MessageKey) : undefined);
  const send = (body: ListingTrustBody) =>
    save.mutate(
      { id: listing.id, body },
      {
        onSuccess: (saved) => {
          setCurrent(saved);
          setMessage(t('admin.trust.saved'));
        },
        onError: (error) => setMessage(error.message),
      },
    );
  const title = t('admin.trust.dialogTitle', { title: listing.title });
  return (
    <Dialog label={title} onClose={onClose}>
      <div className="space-y-5 p-5">
        <h2 className="text-lg font-semibold">{title}</h2>

        <section className="space-y-2">
          <h3 className="font-medium">
            {t('admin.trust.availability')}: {t(`admin.trust.availabilities.${current.availability}`)}
          </h3>
          <div className="flex flex-wrap gap-2">
            {current.availability === 'sold' ? (
              <Button
                variant="secondary"
                size="sm"
                disabled={save.isPending}
                onClick={() => send({ availability: 'active' })}
              >
                {t('admin.trust.markAvailable')}
              </Button>
            ) : (
              <Button
                variant="secondary"
                size="sm"
                disabled={save.isPending}
                onClick={() => send({ availability: 'sold' })}
              >
                {t('admin.trust.markSold')}
              </Button>
            )}
            <Button
              variant="secondary"
              size="sm"
              aria-pressed={current.featured}
              disabled={save.isPending}
              onClick={() => send({ featured: !current.featured })}
            >
              {current.featured ? t('admin.trust.unfeature') : t('admin.trust.feature')}
            </Button>
          </div>
        </section>

        <form
          className="flex flex-wrap items-end gap-2"
          noValidate
          onSubmit={expiry.handleSubmit(({ expires_on }) => send({ expires_on: expires_on || null }))}
        >
          <Field
            id="trust-expires-on"
            label={t('admin.trust.expiresOn')}
            hint={t('admin.trust.expiresHint')}
            error={error(expiry.formState.errors.expires_on?.message)}
            className="grow"
          >
            {(control) => (
              <input {...control} type="date" className={CONTROL_CLASS} {...expiry.register('expires_on')} />
            )}
          </Field>
          <Button type="submit" variant="secondary" size="sm" disabled={save.isPending}>
            {t('admin.trust.saveExpiry')}
          </Button>
        </form>

        <form
          className="space-y-2"
          noValidate
          onSubmit={verification.handleSubmit((checked) => send({ verification: checked }))}
        >
          <p className="text-sm">
            {current.verified_at && current.verified_by
              ? t('admin.trust.verifiedBy', {
                  by: current.verified_by,
                  date: dateFormat.format(new Date(current.verified_at)),
                })
              : t('admin.trust.notVerified')}
          </p>
          <Field
            id="trust-note"
            label={t('admin.trust.verificationNote')}
            hint={t('admin.trust.verificationHint')}
            error={error(verification.formState.errors.note?.message)}
          >
            {(control) => (
              <input
                {...control}
                maxLength={MAX_VERIFICATION_NOTE}
                className={CONTROL_CLASS}
                {...verification.register('note')}
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={save.isPending}>
              {t('admin.trust.verify')}
            </Button>
            {current.verified_at && (
              <Button
                variant="danger-outline"
                size="sm"
                disabled={save.isPending}
                onClick={() => send({ verification: null })}
              >
                {t('admin.trust.unverify')}
              </Button>
            )}
          </div>
        </form>

        <p role="status" className="min-h-5 text-sm">
          {message}
        </p>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('admin.trust.close')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** Listings whose expiry date is near or past, to renew (or leave to lapse). */
export function ExpiringListings({ canWrite, onOpen }: { canWrite: boolean; onOpen: (listing: Listing) => void }) {
  const t = useT();
  const expiring = useExpiringListings();
  const save = useSetListingTrust();
  const days = expiring.data?.withinDays ?? 14;
  return (
    <section aria-labelledby="expiring-title" className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <h3 id="expiring-title" className="font-semibold">
        {t('admin.trust.expiringHeading')}
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('admin.trust.expiringIntro', { days })}</p>
      {expiring.isError && <ErrorBanner message={t('admin.trust.errors.loadFailed')} />}
      {save.isError && <ErrorBanner message={save.error.message} />}
      {expiring.data && expiring.data.items.length === 0 && (
        <p className="mt-2 text-sm">{t('admin.trust.expiringEmpty', { days })}</p>
      )}
      <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-700">
        {expiring.data?.items.map((listing) => (
          <li key={listing.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              <span className="font-medium">{listing.title}</span>{' '}
              <span className="text-slate-700 dark:text-slate-300">
                {listing.availability === 'expired'
                  ? t('admin.trust.expiredOn', { date: formatDay(listing.expires_on ?? '') })
                  : t('admin.trust.expiresOnDate', { date: formatDay(listing.expires_on ?? '') })}
              </span>
            </span>
            {canWrite && (
              <span className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={save.isPending}
                  onClick={() => save.mutate({ id: listing.id, body: { expires_on: nairobiDayFromNow(30) } })}
                >
                  {t('admin.trust.renew')}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => onOpen(listing)}>
                  {t('admin.trust.open')}
                </Button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
