/** Staff roles and what each may do (docs/product.md#roles-and-permissions). The one place this is defined. */
export const ROLES = ['admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = ['read', 'write', 'delete', 'manage'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS = {
  admin: ['read', 'write', 'delete', 'manage'],
  editor: ['read', 'write'],
  viewer: ['read'],
} as const satisfies Record<Role, readonly Permission[]>;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function permissionsOf(role: Role): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role != null && (ROLE_PERMISSIONS[role] as readonly Permission[]).includes(permission);
}
