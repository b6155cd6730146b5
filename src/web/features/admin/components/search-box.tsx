import '#web/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { adminListingQuerySchema } from '#shared/admin-listing-query';
import type { MessageKey } from '#shared/i18n';
import { MAX_SEARCH_LENGTH } from '#shared/listing-filters';
import { Button } from '#web/components/ui/button';
import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { useT } from '#web/i18n/locale-provider';

/** The search of every staff list (listings and inquiries read `q` alike). */
const searchSchema = adminListingQuerySchema.pick({ q: true });

/** A staff list's search: sent with Enter or the button, kept in the address as ?q=. */
export function SearchBox({
  id,
  value,
  placeholder,
  onSearch,
  className = '',
}: {
  id: string;
  value: string;
  placeholder: string;
  onSearch: (text: string) => void;
  className?: string;
}) {
  const t = useT();
  // `values`: Back shows what was searched then.
  const form = useForm({ values: { q: value }, resolver: zodResolver(searchSchema) });
  const error = form.formState.errors.q?.message;
  return (
    <form className={className} onSubmit={form.handleSubmit(({ q }) => onSearch(q ?? ''))}>
      <Field id={id} label={t('admin.listings.search')} error={error && t(error as MessageKey)}>
        {(control) => (
          <div className="flex gap-2">
            <input
              {...control}
              type="search"
              maxLength={MAX_SEARCH_LENGTH}
              placeholder={placeholder}
              className={CONTROL_CLASS}
              {...form.register('q')}
            />
            <Button type="submit" variant="secondary" size="sm" className="shrink-0">
              {t('admin.listings.search')}
            </Button>
          </div>
        )}
      </Field>
    </form>
  );
}
