import { Link } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { LanguageSwitch } from './language-switch';

// Foundation placeholder: the public-site issue builds the full navbar.
export function Navbar() {
  const t = useT();
  return (
    <header className="border-b border-gray-200">
      <nav className="mx-auto flex max-w-7xl items-center justify-between p-4">
        <Link to="/" className="text-lg font-bold text-brand-700">
          {t('common.brand.name')}
        </Link>
        <LanguageSwitch />
      </nav>
    </header>
  );
}
