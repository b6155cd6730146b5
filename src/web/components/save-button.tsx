import { useT } from '../i18n/locale-provider';
import { toggleSaved, useSavedIds } from '../lib/saved-listings';
import { HeartIcon } from './ui/icons';

/** The heart: saves a listing on this device, or takes it off the Saved page. */
export function SaveButton({ id, title, className = '' }: { id: string; title: string; className?: string }) {
  const t = useT();
  const saved = useSavedIds().includes(id);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={t(saved ? 'listings.saved.unsaveLabel' : 'listings.saved.saveLabel', { title })}
      onClick={() => toggleSaved(id)}
      className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full border border-gray-300 bg-white px-3 text-sm font-semibold text-gray-800 hover:bg-gray-50 ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        className={saved ? 'fill-red-600 stroke-red-600' : 'fill-none stroke-current'}
        strokeWidth="2"
      >
        <path d="M12 21s-7-4.35-9.5-8.5C.5 8.5 3 4.5 7 4.5c2 0 3.5 1 5 3 1.5-2 3-3 5-3 4 0 6.5 4 4.5 8-2.5 4.15-9.5 8.5-9.5 8.5z" />
      </svg>
      <span>{t(saved ? 'listings.saved.saved' : 'listings.saved.save')}</span>
    </button>
  );
}
