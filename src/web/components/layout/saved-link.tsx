import { Link } from 'react-router';
import { HeartIcon } from '#web/components/ui/icons';
import { useT } from '#web/i18n/locale-provider';
import { useSavedIds } from '#web/lib/saved-listings';

/**
 * The Saved page, with how many listings this device keeps (0 until the page has hydrated); `className` sets its display.
 * Its name starts with what it shows, "Saved 2" (WCAG 2.5.3), hence the space between the two.
 */
export function SavedLink({ className = '', showLabel = false }: { className?: string; showLabel?: boolean }) {
  const t = useT();
  const count = useSavedIds().length;
  return (
    <Link
      to="/saved"
      aria-label={t('layout.nav.savedCount', { n: count })}
      className={`min-h-11 min-w-11 items-center justify-center gap-1 rounded-md px-2 text-sm font-semibold text-gray-800 hover:bg-gray-100 ${className}`}
    >
      <HeartIcon />
      <span className={showLabel ? '' : 'hidden lg:inline'}>{t('layout.nav.saved')}</span>{' '}
      <span className="rounded-full bg-brand-700 px-1.5 text-xs text-white">{count}</span>
    </Link>
  );
}
