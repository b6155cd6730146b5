import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ChevronDownIcon } from '#web/components/ui/icons';
import { useT } from '#web/i18n/locale-provider';
import { SERVICE_LINKS } from './service-links';

/**
 * The desktop Services dropdown: opens on hover (mouse), tap or click (touch), and from
 * the keyboard (Enter, Space, ArrowDown); Escape, Tab away, an outside click or a route
 * change close it.
 */
export function ServicesMenu() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const pointerType = useRef('');
  const { pathname } = useLocation();
  const active = SERVICE_LINKS.some((link) => pathname.startsWith(link.to));

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes whenever the path changes
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const items = () => Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const list = items();
    list[(index + list.length) % list.length]?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusItem(0));
    }
  };
  const onMenuKeyDown = (event: KeyboardEvent) => {
    const index = items().indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') focusItem(index + 1);
    else if (event.key === 'ArrowUp') focusItem(index - 1);
    else if (event.key === 'Home') focusItem(0);
    else if (event.key === 'End') focusItem(-1);
    else return;
    event.preventDefault();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover opening is a mouse nicety; the button is the control
    <div
      ref={rootRef}
      className="relative"
      onPointerEnter={(event) => event.pointerType === 'mouse' && setOpen(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setOpen(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onPointerDown={(event) => {
          pointerType.current = event.pointerType;
        }}
        onClick={(event) => {
          // A mouse has already opened the menu by hovering: its click must not close it again.
          const byMouse = event.detail > 0 && pointerType.current === 'mouse';
          setOpen((value) => (byMouse ? true : !value));
        }}
        onKeyDown={onButtonKeyDown}
        className={`flex min-h-11 items-center gap-1 rounded-md px-3 font-medium hover:text-brand-700 ${active ? 'text-brand-700' : 'text-gray-800'}`}
      >
        {t('layout.nav.services')}
        <ChevronDownIcon className={`transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div
        id={menuId}
        role="menu"
        aria-label={t('layout.nav.services')}
        hidden={!open}
        onKeyDown={onMenuKeyDown}
        className="absolute left-0 top-full z-50 w-60 rounded-lg border border-gray-200 bg-white py-2 shadow-lg"
      >
        {SERVICE_LINKS.map((link) => (
          <Link
            key={link.id}
            to={link.to}
            role="menuitem"
            onClick={() => setOpen(false)}
            className="flex min-h-11 items-center px-4 text-gray-800 hover:bg-brand-50 hover:text-brand-800 focus-visible:bg-brand-50 focus-visible:outline-none"
          >
            {t(link.label)}
          </Link>
        ))}
      </div>
    </div>
  );
}
