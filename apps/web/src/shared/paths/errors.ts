/** Error pages (spec §2); every unknown path lands on /checkvip. */
export const errorPaths = { notFound: '/404', unauthorized: '/401', checkvip: '/checkvip' } as const;
