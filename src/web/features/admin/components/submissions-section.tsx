import { useState } from 'react';
import { Link } from 'react-router';
import { CATEGORIES, type Category } from '#shared/categories';
import type { Listing } from '#shared/listing';
import { listingPath } from '#shared/listing-format';
import {
  ADMIN_SUBMISSIONS_PAGE_SIZE,
  QUEUE_STATUSES,
  type QueueStatus,
  REJECT_REASON_MAX,
  type StaffSubmission,
  SUBMISSIONS_PERMISSION,
} from '#shared/listing-submission';
import { displayImageUrl } from '#shared/media';
import { can } from '#shared/permissions';
import { Button } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { Select } from '#web/components/ui/select';
import { useDecideSubmission, useRevokeSellerLink } from '#web/features/admin/api/decide-submission';
import { useSubmissions } from '#web/features/admin/api/get-submissions';
import { useUrlFilters } from '#web/features/admin/hooks/use-url-filters';
import type { SectionProps } from '#web/features/admin/section';
import { useT } from '#web/i18n/locale-provider';
import { ErrorBanner } from './error-banner';
import { ListingModal } from './listing-modal';
import { PageLinks } from './page-links';

const dateFormat = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });

/** What the staff form needs of a seller's listing to open it for editing. */
const asListing = (submission: StaffSubmission) =>
  ({ ...submission.listing, id: submission.id, image_urls: submission.imageUrls, is_active: true }) as Listing;

function SubmissionCard({ submission, onError }: { submission: StaffSubmission; onError: SectionProps['onError'] }) {
  const t = useT();
  const decide = useDecideSubmission();
  const revoke = useRevokeSellerLink();
  const [rejecting, setRejecting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirmingRevoke, setConfirmingRevoke] = useState(false);
  const [reason, setReason] = useState('');
  const listing = submission.listing as { title?: string; description?: string; price?: number; category?: string };
  const send = (decision: Parameters<typeof decide.mutate>[0]['decision']) =>
    decide.mutate({ id: submission.id, decision }, { onError: (error) => onError(error.message) });
  const reasonId = `reject-reason-${submission.id}`;
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800" aria-label={listing.title}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold break-words">{listing.title}</h3>
        <span className="rounded-full bg-slate-200 px-2 py-1 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
          {(CATEGORIES as readonly string[]).includes(listing.category ?? '')
            ? t(`admin.listings.categories.${listing.category as Category}`)
            : listing.category}
          {typeof listing.price === 'number' && <> · KES {listing.price.toLocaleString('en-KE')}</>}
        </span>
      </div>
      {submission.editOf && (
        <p className="mt-1 inline-block rounded-full bg-sky-100 px-2 py-1 text-xs font-semibold text-sky-900 dark:bg-sky-900 dark:text-sky-100">
          {t('adminSubmissions.editOf')}
        </p>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t('adminSubmissions.from', { name: submission.sellerName, email: submission.sellerEmail })} ·{' '}
        {t('adminSubmissions.sent', {
          when: dateFormat.format(new Date(submission.confirmedAt ?? submission.createdAt)),
        })}
        {submission.decidedBy && <> · {t('adminSubmissions.decidedBy', { who: submission.decidedBy })}</>}
      </p>
      {submission.flags.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2">
          {submission.flags.map((flag) => (
            <li
              key={flag}
              className="rounded-full bg-amber-100 px-2 py-1 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100"
            >
              {t(`adminSubmissions.flags.${flag}`)}
            </li>
          ))}
        </ul>
      )}
      {listing.description && <p className="mt-2 whitespace-pre-line break-words">{listing.description}</p>}
      {submission.rejectReason && (
        <p className="mt-2 text-sm">{t('adminSubmissions.reason', { reason: submission.rejectReason })}</p>
      )}
      {submission.status === 'waiting' &&
        (submission.imageUrls.length ? (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('adminSubmissions.photos')}>
            {submission.imageUrls.map((url, i) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noopener noreferrer">
                  <img
                    src={displayImageUrl(url, 320)}
                    alt={`${listing.title ?? ''} ${i + 1}`}
                    className="h-24 w-32 rounded object-cover"
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm">{t('adminSubmissions.noPhotos')}</p>
        ))}
      {submission.listingId && listing.category && (
        <p className="mt-2">
          <a
            href={listingPath({ id: submission.listingId, category: listing.category as Listing['category'] })}
            target="_blank"
            rel="noopener noreferrer"
            className="underline"
          >
            {t('adminSubmissions.openListing')}
          </a>
        </p>
      )}
      {submission.sellerLink === 'revoked' && <p className="mt-2 text-sm">{t('adminSubmissions.linkRevoked')}</p>}
      {submission.sellerLink === 'active' && (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <span>{confirmingRevoke ? t('adminSubmissions.revokeLinkConfirm') : t('adminSubmissions.linkActive')}</span>
          {confirmingRevoke ? (
            <>
              <Button
                size="sm"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(submission.id, { onError: (error) => onError(error.message) })}
              >
                {t('adminSubmissions.revokeLink')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setConfirmingRevoke(false)}>
                {t('adminSubmissions.cancel')}
              </Button>
            </>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => setConfirmingRevoke(true)}>
              {t('adminSubmissions.revokeLink')}
            </Button>
          )}
        </div>
      )}
      {submission.status === 'waiting' && (
        <div className="mt-3 space-y-3">
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={decide.isPending} onClick={() => send({ decision: 'approve' })}>
              {t('adminSubmissions.approve')}
            </Button>
            <Button size="sm" variant="secondary" disabled={decide.isPending} onClick={() => setEditing(true)}>
              {t('adminSubmissions.editAndApprove')}
            </Button>
            <Button size="sm" variant="secondary" disabled={decide.isPending} onClick={() => setRejecting(true)}>
              {t('adminSubmissions.reject')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={decide.isPending}
              onClick={() => send({ decision: 'spam' })}
            >
              {t('adminSubmissions.spam')}
            </Button>
          </div>
          {rejecting && (
            <form
              className="space-y-2"
              onSubmit={(event) => {
                event.preventDefault();
                send({ decision: 'reject', reason });
              }}
            >
              <Field id={reasonId} label={t('adminSubmissions.rejectReasonLabel')}>
                {(control) => (
                  <textarea
                    {...control}
                    className={CONTROL_CLASS}
                    rows={3}
                    required
                    maxLength={REJECT_REASON_MAX}
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                  />
                )}
              </Field>
              <div className="flex gap-2">
                <Button type="submit" size="sm" disabled={decide.isPending || !reason.trim()}>
                  {t('adminSubmissions.confirmReject')}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setRejecting(false)}>
                  {t('adminSubmissions.cancel')}
                </Button>
              </div>
            </form>
          )}
        </div>
      )}
      {editing && (
        <ListingModal
          listing={asListing(submission)}
          approving={{ submissionId: submission.id }}
          onClose={() => setEditing(false)}
        />
      )}
    </li>
  );
}

/**
 * /admin/submissions: sellers' listings confirmed by e-mail, waiting oldest first (or those
 * decided, newest first), with their photos, and Approve, Edit then approve, Reject (with the
 * reason the seller reads) and Spam (docs/product.md#submissions).
 */
export function SubmissionsSection({ onError }: SectionProps) {
  const t = useT();
  const { update, hrefFor, page, oneOf } = useUrlFilters();
  const status = oneOf<QueueStatus>('status', QUEUE_STATUSES, 'waiting');
  const submissions = useSubmissions({
    status,
    limit: ADMIN_SUBMISSIONS_PAGE_SIZE,
    offset: (page - 1) * ADMIN_SUBMISSIONS_PAGE_SIZE,
  });
  const total = submissions.data?.total ?? 0;
  return (
    <section aria-labelledby="submissions-title" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="submissions-title" className="text-lg font-semibold">
          {t('adminSubmissions.title')}
        </h2>
        <Field id="admin-submissions-status" label={t('adminSubmissions.show')}>
          {(control) => (
            <Select
              {...control}
              value={status}
              onChange={(e) => update({ status: e.target.value === 'waiting' ? undefined : e.target.value })}
              options={QUEUE_STATUSES.map((value) => ({ value, label: t(`adminSubmissions.statuses.${value}`) }))}
            />
          )}
        </Field>
      </div>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {submissions.data && t('adminSubmissions.count', { n: total.toLocaleString('en-KE') })}
      </p>
      {submissions.isError && <ErrorBanner message={t('admin.dashboard.loadFailed')} />}
      {submissions.isPending && <p role="status">{t('admin.dashboard.loadingData')}</p>}
      {submissions.data?.items.length === 0 && <EmptyState text={t('adminSubmissions.empty')} />}
      <ul className="space-y-3" aria-busy={submissions.isFetching}>
        {submissions.data?.items.map((submission) => (
          <SubmissionCard key={submission.id} submission={submission} onError={onError} />
        ))}
      </ul>
      <PageLinks page={page} pages={Math.max(1, Math.ceil(total / ADMIN_SUBMISSIONS_PAGE_SIZE))} hrefFor={hrefFor} />
    </section>
  );
}

/** The overview's count of sellers' listings waiting, linking to them; shown to staff who moderate. */
export function WaitingSubmissionsCard({ user }: Pick<SectionProps, 'user'>) {
  const t = useT();
  const mayModerate = can(user.role, SUBMISSIONS_PERMISSION);
  const submissions = useSubmissions({ status: 'waiting', limit: 1, offset: 0 }, mayModerate);
  if (!mayModerate) return null;
  return (
    <section
      aria-labelledby="waiting-submissions"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800"
    >
      <div>
        <h2 id="waiting-submissions" className="text-sm text-slate-700 dark:text-slate-300">
          {t('adminSubmissions.waitingCount')}
        </h2>
        <p className="mt-1 text-2xl font-bold">
          {submissions.data ? submissions.data.waiting.toLocaleString('en-KE') : '—'}
        </p>
      </div>
      <Link to="/admin/submissions" className="font-medium text-brand-700 underline dark:text-brand-100">
        {t('adminSubmissions.reviewWaiting')} →
      </Link>
    </section>
  );
}
