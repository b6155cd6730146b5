import type { ComponentType } from 'react';
import type { MessageKey } from '#shared/i18n';
import type { Permission } from '#shared/permissions';
import type { StaffSessionInfo } from '#shared/staff-session';

/** What every section of the dashboard is given. */
export interface SectionProps {
  user: StaffSessionInfo['user'];
  /** Shows a message in the dashboard's red banner (null hides it). */
  onError: (message: string | null) => void;
}

/** One section of the staff area: a route under /admin and its menu entry. */
export interface AdminSection {
  /** Under /admin: '' is the overview. */
  path: string;
  label: MessageKey;
  /** Staff whose role lacks it see neither the menu entry nor the page. */
  needs: Permission;
  Component: ComponentType<SectionProps>;
  /** The section has addresses of its own below its path (/admin/blog/new, /admin/blog/12). */
  subroutes?: boolean;
}

/** A section's address. */
export function sectionUrl(section: Pick<AdminSection, 'path'>): string {
  return section.path ? `/admin/${section.path}` : '/admin';
}
