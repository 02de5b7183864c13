/** Sign-in URLs (spec §2), standalone pages. */
export const loginPaths = { login: '/login', authRedirect: '/auth-redirect' } as const;
