import { z } from 'zod';

/**
 * Global zod settings. Imported first by index.ts: zod reads them when a schema is built, and the
 * modules index.ts re-exports build their schemas as they load.
 */

// Validation messages in Chinese on both server and web.
z.config(z.locales.zhCN());
// In the browser the CSP forbids eval: zod would probe `new Function` (a reported violation) before
// falling back to plain parsing. Skip the probe there; Node keeps zod's compiled fast path.
z.config({ jitless: 'document' in globalThis });
