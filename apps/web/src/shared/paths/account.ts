/** The account centre URL (spec §2). */
export const accountPaths = {
  account: '/order/account',
} as const;
