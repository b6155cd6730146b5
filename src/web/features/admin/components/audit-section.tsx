import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, type AuditAction, type AuditEntry } from '#shared/audit';
import type { Translate } from '#shared/i18n';
import { Button, ButtonLink } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { Select } from '#web/components/ui/select';
import { type AuditFilters, auditParams, useAuditLog } from '#web/features/admin/api/get-audit-log';
import { useStaff } from '#web/features/admin/api/get-staff';
import { useUrlFilters } from '#web/features/admin/hooks/use-url-filters';
import type { SectionProps } from '#web/features/admin/section';
import { useT } from '#web/i18n/locale-provider';
import { ErrorBanner } from './error-banner';
import { PageLinks } from './page-links';

const timeFormat = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'medium' });
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function shown(value: unknown, t: Translate): string {
  if (value === null || value === undefined || value === '') return t('admin.audit.emptyValue');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** An entry's changes as lines: "price: 35000 → 36000", or "reason: wrong password". */
function changeLines(changes: AuditEntry['changes'], t: Translate): string[] {
  if (!changes) return [];
  return Object.entries(changes).map(([field, value]) => {
    if (value && typeof value === 'object' && 'from' in value && 'to' in value) {
      return t('admin.audit.changed', { field, from: shown(value.from, t), to: shown(value.to, t) });
    }
    return `${field}: ${shown(value, t)}`;
  });
}

/**
 * /admin/audit (docs/product.md#audit-log): who did what and when, newest first, filtered by
 * person, action and dates (in the address), paged on the server, exported as CSV.
 */
export function AuditSection(_props: SectionProps) {
  const t = useT();
  const { update, hrefFor, page, oneOf } = useUrlFilters();
  const [params] = useSearchParams();
  const pick = (name: string, pattern: RegExp) => {
    const value = params.get(name) ?? '';
    return pattern.test(value) ? value : undefined;
  };
  const filters: AuditFilters = {
    actor: pick('actor', UUID),
    action: oneOf<AuditAction | ''>('action', AUDIT_ACTIONS, '') || undefined,
    from: pick('from', DAY),
    to: pick('to', DAY),
  };
  const audit = useAuditLog(filters, { limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE });
  const staff = useStaff();
  const total = audit.data?.total ?? 0;
  const filtered = Object.values(filters).some(Boolean);

  return (
    <section aria-labelledby="audit-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="audit-title" className="text-lg font-semibold">
          {t('admin.audit.title')}
        </h2>
        <ButtonLink variant="secondary" href={`/api/admin/audit/export?${auditParams(filters)}`} download>
          {t('admin.audit.export')}
        </ButtonLink>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <Field id="audit-person" label={t('admin.audit.person')}>
          {(control) => (
            <Select
              {...control}
              value={filters.actor ?? ''}
              onChange={(e) => update({ actor: e.target.value })}
              placeholder={t('admin.audit.anyone')}
              options={(staff.data?.items ?? []).map((m) => ({ value: m.id, label: m.username }))}
            />
          )}
        </Field>
        <Field id="audit-action" label={t('admin.audit.action')}>
          {(control) => (
            <Select
              {...control}
              value={filters.action ?? ''}
              onChange={(e) => update({ action: e.target.value })}
              placeholder={t('admin.audit.anyAction')}
              options={AUDIT_ACTIONS.map((value) => ({ value, label: t(`admin.audit.actions.${value}`) }))}
            />
          )}
        </Field>
        <Field id="audit-from" label={t('admin.audit.from')}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={filters.from ?? ''}
              max={filters.to}
              onChange={(e) => update({ from: e.target.value })}
              className={CONTROL_CLASS}
            />
          )}
        </Field>
        <Field id="audit-to" label={t('admin.audit.to')}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={filters.to ?? ''}
              min={filters.from}
              onChange={(e) => update({ to: e.target.value })}
              className={CONTROL_CLASS}
            />
          )}
        </Field>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {audit.data && t('admin.audit.count', { n: total.toLocaleString('en-KE') })}
        </p>
        {filtered && (
          <Button variant="secondary" size="sm" onClick={() => update({ actor: '', action: '', from: '', to: '' })}>
            {t('admin.audit.clear')}
          </Button>
        )}
      </div>
      {audit.isError && <ErrorBanner message={audit.error.message} />}
      {audit.isPending && <p role="status">{t('admin.dashboard.loadingData')}</p>}
      {audit.data?.items.length === 0 && (
        <EmptyState text={filtered ? t('admin.audit.noMatches') : t('admin.audit.empty')} />
      )}
      <ol className="space-y-2" aria-busy={audit.isFetching} aria-label={t('admin.audit.title')}>
        {audit.data?.items.map((entry) => (
          <li key={entry.id} className="rounded-xl bg-white p-3 shadow-sm dark:bg-slate-800">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <p className="font-semibold">{t(`admin.audit.actions.${entry.action}`)}</p>
              <time dateTime={entry.at} className="text-sm text-slate-700 dark:text-slate-300">
                {timeFormat.format(new Date(entry.at))}
              </time>
            </div>
            <p className="text-sm break-words">
              {entry.actorUsername ?? t('admin.audit.nobody')}
              {entry.address && <span className="text-slate-600 dark:text-slate-400"> · {entry.address}</span>}
              {entry.entity && (
                <span>
                  {' '}
                  · {entry.entity.type}: {entry.entity.title ?? entry.entity.id}
                </span>
              )}
            </p>
            {entry.changes && (
              <ul className="mt-1 text-sm break-words text-slate-700 dark:text-slate-300">
                {changeLines(entry.changes, t).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <PageLinks page={page} pages={Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE))} hrefFor={hrefFor} />
    </section>
  );
}
