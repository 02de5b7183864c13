import type { PayWay } from '@paperdesk/contracts';
import { REDUCE_PRICING, type ReduceKind, type ReducePath } from '@paperdesk/contracts';
import type { Billing, Executor } from '../billing/index.ts';

/**
 * The seam between reducing and billing. Which price and quota each kind and path uses is contracts'
 * REDUCE_PRICING (shared with the confirm page); quotas first when chosen, then the balance.
 */
export const REDUCE_RECORD_TYPE = 'reduce';

export const PRODUCT_NAMES: Record<ReduceKind, Record<ReducePath, string>> = {
  similarity: { offline: '全文降重（离线）', model: '全文降重（AI 模型）' },
  aigc: { offline: '降AIGC（离线）', model: '降AIGC（AI 模型）' },
};

export function createReduceBilling(billing: Billing) {
  return {
    async quote(kind: ReduceKind, path: ReducePath, characters: number) {
      const p = REDUCE_PRICING[kind];
      const q = await billing.quote(p.service, p.edition[path], { characters: Math.max(1, characters) });
      return { unitFen: q.unitFen, fen: q.fen };
    },
    /** Inside the caller's transaction; 402 when credit is short. */
    async charge(
      trx: Executor,
      input: {
        userId: number;
        kind: ReduceKind;
        path: ReducePath;
        characters: number;
        recordId: number;
        orderId?: number | undefined;
        pay?: PayWay | undefined;
      },
    ) {
      const p = REDUCE_PRICING[input.kind];
      const r = await billing.charge(trx, {
        userId: input.userId,
        service: p.service,
        edition: p.edition[input.path],
        characters: Math.max(1, input.characters),
        recordType: REDUCE_RECORD_TYPE,
        recordId: input.recordId,
        ...(input.orderId !== undefined ? { orderId: input.orderId } : {}),
        ...(input.pay !== undefined ? { pay: input.pay } : {}),
        note: `${PRODUCT_NAMES[input.kind][input.path]} #${input.recordId}`,
      });
      return { source: r.source, fen: r.fen };
    },
    /** Gives back what the record's charge took (or `share` of it); a second call does nothing. */
    refund: (trx: Executor, input: { recordType: string; recordId: number; share?: number; note?: string }) =>
      billing.refund(trx, input),
  };
}

export type ReduceBilling = ReturnType<typeof createReduceBilling>;
