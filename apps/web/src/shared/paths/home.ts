/** Home URLs (spec §2): `/` leads to /home. */
export const homePaths = { root: '/', home: '/home' } as const;
