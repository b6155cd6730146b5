import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { StaffSessionInfo } from '#shared/staff-session';
import { type AdminSection, sectionUrl } from '#web/features/admin/section';
import { useT } from '#web/i18n/locale-provider';

const ITEM =
  'flex min-h-11 w-full items-center rounded-lg px-4 py-2 text-left font-medium focus-visible:outline-brand-100';

/**
 * The section list and Logout: a sidebar from 640 px, and on narrower screens a Menu button
 * that opens the same list in two columns (it closes on choosing, Escape or a tap outside).
 */
export function AdminNav({
  user,
  sections,
  onLogout,
  loggingOut,
}: {
  user: StaffSessionInfo['user'];
  sections: readonly AdminSection[];
  onLogout: () => void;
  loggingOut: boolean;
}) {
  const t = useT();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <aside ref={root} className="bg-slate-900 text-white sm:min-h-screen sm:w-56 sm:shrink-0 lg:w-64 dark:bg-black">
      <div className="flex items-center justify-between gap-3 border-b border-slate-700 p-4">
        <div className="min-w-0">
          <p className="text-lg font-bold">{t('common.brand.shortName')}</p>
          <p className="truncate text-sm text-slate-200">{user.username}</p>
          <p className="text-xs text-slate-300">{t(`admin.roles.${user.role}`)}</p>
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((v) => !v)}
          className="min-h-11 rounded-lg border border-slate-500 px-4 font-medium hover:bg-slate-800 focus-visible:outline-brand-100 sm:hidden"
        >
          {open ? t('admin.nav.closeMenu') : t('admin.nav.openMenu')}
        </button>
      </div>
      <nav id={listId} aria-label={t('admin.nav.menu')} className={open ? 'block' : 'hidden sm:block'}>
        {/* Two columns on a phone, so every section and Logout fit one screen. */}
        <ul className="grid grid-cols-2 gap-1 p-2 sm:flex sm:flex-col">
          {sections.map((section) => (
            <li key={section.path}>
              <NavLink
                to={sectionUrl(section)}
                end={!section.subroutes}
                className={({ isActive }) =>
                  `${ITEM} ${isActive ? 'bg-brand-700 text-white' : 'text-slate-100 hover:bg-slate-800'}`
                }
              >
                {t(section.label)}
              </NavLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={onLogout}
              disabled={loggingOut}
              className={`${ITEM} text-red-200 hover:bg-slate-800`}
            >
              {t('admin.nav.logout')}
            </button>
          </li>
        </ul>
      </nav>
    </aside>
  );
}
