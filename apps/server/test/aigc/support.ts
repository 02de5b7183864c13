import { randomBytes } from 'node:crypto';
import type { AigcRecord } from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/context.ts';
import { applyDelta } from '../../src/services/billing/ledger.ts';
import { call, waitFor } from '../check/support.ts';

export const API = '/api/base/paper_aigc_api';

/** Gives a user AIGC检测 package quota (次) through the ledger, as a bought package would. */
export async function creditAigcQuota(ctx: AppContext, userId: number, times: number) {
  const r = await applyDelta(ctx.db, {
    userId,
    account: 'aigc_check',
    delta: times,
    reason: 'adjust',
    refType: 'test',
    refId: randomBytes(4).toString('hex'),
    idemKey: `test:${randomBytes(8).toString('hex')}`,
  });
  if (!r.applied) throw new Error('credit failed');
}

/** machine_init with pasted text; expects 200. */
export async function initPaste(app: FastifyInstance, token: string, text: string, title = '我的论文') {
  const r = await call<AigcRecord>(app, 'POST', `${API}/machine_init`, {
    token,
    body: { title, author: '张三', text },
  });
  if (r.status !== 200) throw new Error(`machine_init ${r.status}: ${r.body.message}`);
  return r.body.result;
}

/**
 * Polls load_by_id until the record is done or failed (60 s at most: a file's first check starts the compute pool's
 * threads, which load the detector, and took 30-40 s on a loaded 2-core CI machine).
 */
export function waitForFinished(app: FastifyInstance, token: string, id: number): Promise<AigcRecord> {
  return waitFor(
    async () => {
      const r = await call<AigcRecord>(app, 'POST', `${API}/load_by_id?id=${id}`, { token });
      return r.body.result.status === 'done' || r.body.result.status === 'failed' ? r.body.result : null;
    },
    60_000,
    'AIGC 检测结束',
  );
}

/** Every aigc record and ledger row of a user (what a rejected call must leave untouched). */
export async function footprint(ctx: AppContext, userId: number) {
  const records = await ctx.db.selectFrom('aigcRecords').select('id').where('userId', '=', userId).execute();
  const ledger = await ctx.db
    .selectFrom('ledger')
    .select('id')
    .where('userId', '=', userId)
    .where('reason', 'in', ['charge', 'refund'])
    .execute();
  return { records: records.length, ledger: ledger.length };
}
