import { describe, expect, it } from 'vitest';
import { flattenRoutes } from '../router/lookup.ts';
import { usePermissionStore } from './permission.ts';
import { DEFAULT_ROLES, useUserStore } from './user.ts';

/** The admin console follows the server's role, not the client role `admin` every user holds (spec §6). */
describe('admin console menu', () => {
  const adminPaths = () =>
    flattenRoutes(usePermissionStore.getState().generateRoutes(DEFAULT_ROLES))
      .map((m) => m.route.path)
      .filter((p) => p.startsWith('/admin'));

  it('is hidden from a user whose account is not an administrator, though the client role is admin', () => {
    useUserStore.setState({ roles: [...DEFAULT_ROLES], isAdmin: false });
    expect(adminPaths()).toEqual([]);
  });

  it('shows every admin page to a server-side administrator', () => {
    useUserStore.setState({ roles: [...DEFAULT_ROLES], isAdmin: true });
    expect(adminPaths()).toEqual([
      '/admin',
      '/admin/library',
      '/admin/prices',
      '/admin/packages',
      '/admin/users',
      '/admin/orders',
      '/admin/system',
      '/admin/audit',
      '/admin/models',
    ]);
  });
});
