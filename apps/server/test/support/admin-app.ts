import type { AuditEntry, Page } from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import { buildApp } from '../../src/http/app.ts';
import { adminToken, call } from '../check/support.ts';

export interface AdminApp {
  /** The HTTP app on the block's database, ready once `beforeAll` ran. */
  readonly app: FastifyInstance;
  /** A signed-in admin's token. */
  readonly admin: string;
  /** The admin audit log: GET /api/admin/audit?<query> (e.g. `action=config.`), as the admin. */
  audit(query: string): Promise<Page<AuditEntry>>;
}

/**
 * The admin console's test setting, inside a `describeEachDatabase` body: the app is built and an admin signed in
 * before the block's tests, closed after them. `startWorkers` also runs the job workers (a test that needs
 * records to finish or fail).
 */
export function adminApp(getCtx: () => AppContext, opts: { startWorkers?: boolean } = {}): AdminApp {
  let app: FastifyInstance | undefined;
  let admin: string | undefined;
  beforeAll(async () => {
    app = await buildApp(getCtx());
    await app.ready();
    admin = await adminToken(getCtx());
    if (opts.startWorkers) await getCtx().jobs.startWorkers();
  });
  afterAll(async () => {
    await app?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('adminApp: used before its beforeAll ran');
    return value;
  };
  return {
    get app() {
      return ready(app);
    },
    get admin() {
      return ready(admin);
    },
    async audit(query) {
      const res = await call<Page<AuditEntry>>(ready(app), 'GET', `/api/admin/audit?${query}`, {
        token: ready(admin),
      });
      expect(res.status, res.body.message).toBe(200);
      return res.body.result;
    },
  };
}
