import { useT } from '#web/i18n/locale-provider';

/**
 * The brand mark and name; the mark is the favicon's shape drawn inline. In the header
 * (`fitPhone`) the name stays on one line next to the language switch and the menu button:
 * smaller on phones, and without the mark on the narrowest ones.
 */
export function BrandLogo({ inverted = false, fitPhone = false }: { inverted?: boolean; fitPhone?: boolean }) {
  const t = useT();
  return (
    <span className={`flex items-center gap-2 ${fitPhone ? 'min-w-0' : ''}`}>
      {/* The mark's letters are drawn by CSS, not text: a link or button holding the logo is named
          by the brand name, and its visible text must be that name alone (WCAG 2.5.3). */}
      <span
        aria-hidden="true"
        className={`h-9 w-9 shrink-0 items-center justify-center rounded-lg font-bold before:content-['SD'] ${inverted ? 'bg-white text-brand-800' : 'bg-brand-700 text-white'} ${fitPhone ? 'hidden min-[360px]:flex' : 'flex'}`}
      />
      <span
        className={`font-bold leading-tight ${inverted ? 'text-white' : 'text-brand-800'} ${fitPhone ? 'truncate text-sm sm:text-lg' : 'text-lg'}`}
      >
        {t('common.brand.name')}
      </span>
    </span>
  );
}
