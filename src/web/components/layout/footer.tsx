import { useT } from '../../i18n/locale-provider';

// Foundation placeholder: the public-site issue builds the full footer.
export function Footer() {
  const t = useT();
  return (
    <footer className="border-t border-gray-200 p-6 text-center text-sm text-gray-600">
      © {new Date().getFullYear()} {t('common.brand.name')}
    </footer>
  );
}
