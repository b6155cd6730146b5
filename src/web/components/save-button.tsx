import { useT } from '#web/i18n/locale-provider';
import { toggleSaved, useSavedIds } from '#web/lib/saved-listings';
import { HeartIcon } from './ui/icons';

/**
 * The heart: saves a listing on this device, or takes it off the Saved page. Named "Save"
 * (pressed when saved) inside its card or page, which names the listing.
 */
export function SaveButton({ id, className = '' }: { id: string; className?: string }) {
  const t = useT();
  const saved = useSavedIds().includes(id);
  return (
    <button
      type="button"
      aria-pressed={saved}
      onClick={() => toggleSaved(id)}
      className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full border border-gray-300 bg-white px-3 text-sm font-semibold text-gray-800 hover:bg-gray-50 ${className}`}
    >
      <HeartIcon filled={saved} className={saved ? 'text-red-600' : undefined} />
      <span>{t(saved ? 'listings.saved.saved' : 'listings.saved.save')}</span>
    </button>
  );
}
