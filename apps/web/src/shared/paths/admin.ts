/** Admin console URLs (server-side administrators only). */
export const adminPaths = {
  group: '/admin',
  library: '/admin/library',
  prices: '/admin/prices',
  users: '/admin/users',
  orders: '/admin/orders',
  system: '/admin/system',
  audit: '/admin/audit',
  models: '/admin/models',
  packages: '/admin/packages',
} as const;
