import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { FragmentButton } from '#web/components/ui/fragment-button';
import { CloseIcon, MenuIcon } from '#web/components/ui/icons';
import { useT } from '#web/i18n/locale-provider';
import { BrandLogo } from './brand-logo';
import { CurrencySelect } from './currency-select';
import { LanguageSwitch } from './language-switch';
import { MissingRateNotice } from './missing-rate-notice';
import { SavedLink } from './saved-link';
import { MAIN_LINKS, SERVICE_LINKS } from './service-links';
import { ServicesMenu } from './services-menu';
import { useScrolled } from './use-scrolled';

/** The phone menu's id: before the scripts run, or without them, the menu button links to it. */
const MENU_ID = 'site-menu';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-md px-3 font-medium hover:text-brand-700 ${isActive ? 'text-brand-700' : 'text-gray-800'}`;

/** docs/product.md#navbar: Home, Services, About, Blog, Contact; a mobile menu below md. */
export function Navbar() {
  const t = useT();
  const scrolled = useScrolled();
  const [menuOpen, setMenuOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLAnchorElement>(null);
  const { pathname } = useLocation();
  const [home, ...rest] = MAIN_LINKS;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the mobile menu closes on every route change
  useEffect(() => setMenuOpen(false), [pathname]);

  // Until the scripts run, the menu is shown by `:target` (the button links to it); from then
  // on by state alone. One opened before keeps open, and the address loses its #site-menu.
  const [scripted, setScripted] = useState(false);
  useEffect(() => {
    setScripted(true);
    if (window.location.hash !== `#${MENU_ID}`) return;
    setMenuOpen(true);
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    // The page behind an open menu must not scroll.
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [menuOpen]);

  return (
    <header
      ref={headerRef}
      data-scrolled={scrolled ? 'true' : 'false'}
      className={`sticky top-0 z-40 transition-shadow ${scrolled ? 'bg-white/95 shadow-md backdrop-blur' : 'bg-white'}`}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('layout.skipToContent')}
      </a>
      <nav
        aria-label={t('layout.nav.label')}
        className={`mx-auto flex max-w-7xl items-center justify-between px-4 transition-[padding] ${scrolled ? 'py-2' : 'py-3'}`}
      >
        <Link
          to="/"
          aria-label={t('layout.nav.homeLink', { brand: t('common.brand.name') })}
          className="min-w-0 rounded-md"
        >
          <BrandLogo fitPhone />
        </Link>

        <div className="hidden items-center gap-1 md:flex">
          {home && (
            <NavLink to={home.to} end className={linkClass}>
              {t(home.label)}
            </NavLink>
          )}
          <ServicesMenu />
          {rest.map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClass}>
              {t(link.label)}
            </NavLink>
          ))}
        </div>

        <div className="ml-auto flex shrink-0 items-center md:ml-2">
          {/* Phones keep the header to one line: there the menu holds Saved and the Currency control. */}
          <SavedLink className="mr-1 hidden sm:inline-flex" />
          <CurrencySelect id="currency-select" className="mr-1 hidden md:flex" />
          <LanguageSwitch />
        </div>

        <FragmentButton
          ref={toggleRef}
          opens={MENU_ID}
          onPress={() => setMenuOpen((open) => !open)}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-gray-800 hover:bg-gray-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          aria-label={menuOpen ? t('layout.nav.closeMenu') : t('layout.nav.openMenu')}
        >
          {menuOpen ? <CloseIcon width={24} height={24} /> : <MenuIcon width={24} height={24} />}
        </FragmentButton>
      </nav>

      <div
        id={MENU_ID}
        className={`${menuOpen ? 'block' : scripted ? 'hidden' : 'hidden target:block'} max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-gray-200 bg-white px-4 pb-4 md:hidden`}
      >
        <ul className="flex flex-col py-2">
          {home && (
            <li>
              <NavLink to={home.to} end className={linkClass}>
                {t(home.label)}
              </NavLink>
            </li>
          )}
          <li>
            <p className="px-3 pt-3 pb-1 text-sm font-semibold uppercase tracking-wide text-gray-600">
              {t('layout.nav.services')}
            </p>
            <ul className="pl-3">
              {SERVICE_LINKS.map((link) => (
                <li key={link.id}>
                  <NavLink to={link.to} className={linkClass}>
                    {t(link.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </li>
          {rest.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={linkClass}>
                {t(link.label)}
              </NavLink>
            </li>
          ))}
          {/* Rendered while the menu is open, and in the server's HTML, where `:target` opens it. */}
          {(menuOpen || !scripted) && (
            <li className="px-3 pt-3">
              <SavedLink showLabel className="mb-2 -ml-2 inline-flex" />
              <CurrencySelect id="currency-select-menu" showLabel />
            </li>
          )}
        </ul>
      </div>
      <MissingRateNotice />
    </header>
  );
}
