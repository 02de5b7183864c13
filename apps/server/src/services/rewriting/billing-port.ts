import type { PayWay } from '@paperdesk/contracts';
import type { MachineEdition } from '@paperdesk/contracts';
import type { Billing, Executor } from '../billing/index.ts';

/**
 * The seam between rewriting and billing: the calls 降重 makes, in one place. Prices are
 * `price.rewrite.standard` / `price.rewrite.cnki` (per 1,000 characters); the `rewrite` quota counts
 * characters, and what it does not cover comes from the balance (billing decides; 402 says what to buy).
 */
export const REWRITE_RECORD_TYPE = 'rewrite';

export const EDITION_NAMES: Record<MachineEdition, string> = {
  standard: '智能降重',
  cnki: '知网专版降重',
};

export function createRewriteBilling(billing: Billing) {
  return {
    async quote(edition: MachineEdition, characters: number) {
      const q = await billing.quote('rewrite', edition, { characters: Math.max(1, characters) });
      return { unitFen: q.unitFen, fen: q.fen };
    },
    /** Inside the caller's transaction; 402 when credit is short, 409 when the record is already charged. */
    async charge(
      trx: Executor,
      input: {
        userId: number;
        edition: MachineEdition;
        characters: number;
        recordId: number;
        orderId?: number | undefined;
        pay?: PayWay | undefined;
      },
    ) {
      const r = await billing.charge(trx, {
        userId: input.userId,
        service: 'rewrite',
        edition: input.edition,
        characters: input.characters,
        recordType: REWRITE_RECORD_TYPE,
        recordId: input.recordId,
        ...(input.orderId !== undefined ? { orderId: input.orderId } : {}),
        ...(input.pay !== undefined ? { pay: input.pay } : {}),
        note: `${EDITION_NAMES[input.edition]} #${input.recordId}`,
      });
      return { source: r.source, fen: r.fen };
    },
    /** Gives back what the record's charge took; a second call does nothing. */
    refund: (trx: Executor, input: { recordType: string; recordId: number }) => billing.refund(trx, input),
    confirmOrder: (userId: number, orderId: number, recordId: number) =>
      billing.confirmRecordOrder(userId, orderId, REWRITE_RECORD_TYPE, recordId),
  };
}

export type RewriteBilling = ReturnType<typeof createRewriteBilling>;
