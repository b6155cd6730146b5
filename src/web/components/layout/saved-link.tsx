import { Link } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { useSavedIds } from '../../lib/saved-listings';
import { HeartIcon } from '../ui/icons';

/** The Saved page, with how many listings this device keeps (0 until the page has hydrated); `className` sets its display. */
export function SavedLink({ className = '', showLabel = false }: { className?: string; showLabel?: boolean }) {
  const t = useT();
  const count = useSavedIds().length;
  return (
    <Link
      to="/saved"
      aria-label={t('layout.nav.savedCount', { n: count })}
      className={`min-h-11 min-w-11 items-center justify-center gap-1 rounded-md px-2 text-sm font-semibold text-gray-800 hover:bg-gray-100 ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        className="fill-none stroke-current"
        strokeWidth="2"
      >
        <path d="M12 21s-7-4.35-9.5-8.5C.5 8.5 3 4.5 7 4.5c2 0 3.5 1 5 3 1.5-2 3-3 5-3 4 0 6.5 4 4.5 8-2.5 4.15-9.5 8.5-9.5 8.5z" />
      </svg>
      <span className={showLabel ? '' : 'hidden lg:inline'}>{t('layout.nav.saved')}</span>
      <span className="rounded-full bg-brand-700 px-1.5 text-xs text-white">{count}</span>
    </Link>
  );
}
