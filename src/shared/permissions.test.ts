import { describe, expect, it } from 'vitest';
import { can, type Permission, type Role } from './permissions';

describe('roles and permissions', () => {
  it.each([
    ['admin', 'read', true],
    ['admin', 'write', true],
    ['admin', 'delete', true],
    ['admin', 'manage', true],
    ['editor', 'read', true],
    ['editor', 'write', true],
    ['editor', 'delete', false],
    ['editor', 'manage', false],
    ['viewer', 'read', true],
    ['viewer', 'write', false],
    ['viewer', 'delete', false],
    ['viewer', 'manage', false],
  ] as [Role, Permission, boolean][])('%s may %s: %s', (role, permission, expected) => {
    expect(can(role, permission)).toBe(expected);
  });
  it('nobody signed in may do nothing', () => {
    expect(can(null, 'read')).toBe(false);
  });
});
