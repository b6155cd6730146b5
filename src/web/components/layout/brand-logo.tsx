import { useT } from '../../i18n/locale-provider';

/** The brand mark and name; the mark is the favicon's shape drawn inline. */
export function BrandLogo({ inverted = false }: { inverted?: boolean }) {
  const t = useT();
  return (
    <span className="flex items-center gap-2">
      <span
        aria-hidden="true"
        className={`flex h-9 w-9 items-center justify-center rounded-lg font-bold ${inverted ? 'bg-white text-brand-800' : 'bg-brand-700 text-white'}`}
      >
        SD
      </span>
      <span className={`text-lg font-bold leading-tight ${inverted ? 'text-white' : 'text-brand-800'}`}>
        {t('common.brand.name')}
      </span>
    </span>
  );
}
