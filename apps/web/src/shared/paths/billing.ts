/** Packages and top-up URLs (spec §2). */
export const billingPaths = {
  group: '/order',
  packages: '/order/taocan',
  recharge: '/order/recharge',
} as const;
