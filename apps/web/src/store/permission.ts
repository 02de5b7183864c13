import { create } from 'zustand';
import { generateRoutes } from '../router/permission.ts';
import { routes as tableRoutes } from '../router/routes.tsx';
import type { AppRoute, RouteRole } from '../router/types.ts';
import { useUserStore } from './user.ts';

/** Routes the current roles may see (menus, search); built by the guard after the user loads. */
export interface PermissionState {
  routes: AppRoute[];
  generateRoutes: (roles: readonly RouteRole[]) => AppRoute[];
  resetRoutes: () => void;
}

export const usePermissionStore = create<PermissionState>()((set) => ({
  routes: [],
  generateRoutes: (roles) => {
    const isAdmin = useUserStore.getState().isAdmin;
    const routes = generateRoutes(
      tableRoutes.filter((r) => isAdmin || !r.meta?.admin),
      roles,
    );
    set({ routes });
    return routes;
  },
  resetRoutes: () => set({ routes: [] }),
}));
