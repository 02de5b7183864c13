import type { PayWay } from '@paperdesk/contracts';
import { type CheckEdition, QUOTA_UNITS } from '@paperdesk/contracts';
import type { Billing, Executor } from '../billing/index.ts';

/**
 * The seam between checks and billing: everything the check service asks of billing, in one place.
 * All money logic (prices, the free daily 专业版 check, package quota, balance, 402 with what to buy,
 * refunds exactly once) lives in services/billing; this file only names the calls checks make.
 */
export interface CheckBilling {
  quote(
    edition: CheckEdition,
    characters: number,
  ): Promise<{ unitFen: number; fen: number; breakdown: string }>;
  /** Charges inside the caller's transaction; throws 402 when credit is short, 409 when already charged. */
  charge(
    trx: Executor,
    input: {
      userId: number;
      edition: CheckEdition;
      characters: number;
      recordId: number;
      orderId?: number | undefined;
      pay?: PayWay | undefined;
    },
  ): Promise<{ source: string; fen: number; free: boolean }>;
  /** Gives back what the record's charge took; a second call does nothing. */
  refund(trx: Executor, input: { recordType: string; recordId: number }): Promise<unknown>;
  freeCheck(userId: number): Promise<{ eligible: boolean; availableToday: boolean }>;
  wallet(
    userId: number,
    characters: number,
  ): Promise<{ balanceFen: number; quotaAvailable: number; quotaNeeded: number }>;
}

export const CHECK_RECORD_TYPE = 'check';

const editionName = (e: CheckEdition) => (e === 'professional' ? '专业版' : '普通版');

export function createCheckBilling(billing: Billing): CheckBilling {
  return {
    async quote(edition, characters) {
      const q = await billing.quote('check', edition, { characters: Math.max(1, characters) });
      return { unitFen: q.unitFen, fen: q.fen, breakdown: q.breakdown };
    },
    async charge(trx, input) {
      const r = await billing.charge(trx, {
        userId: input.userId,
        service: 'check',
        edition: input.edition,
        characters: input.characters,
        recordType: CHECK_RECORD_TYPE,
        recordId: input.recordId,
        ...(input.orderId !== undefined ? { orderId: input.orderId } : {}),
        ...(input.pay !== undefined ? { pay: input.pay } : {}),
        note: `查重（${editionName(input.edition)}）#${input.recordId}`,
      });
      return { source: r.source, fen: r.fen, free: r.source === 'free' };
    },
    refund: (trx, input) => billing.refund(trx, input),
    freeCheck: (userId) => billing.freeCheckStatus(userId),
    async wallet(userId, characters) {
      const w = await billing.wallet(userId);
      const per = QUOTA_UNITS.check.charsPerUnit ?? 30_000;
      return {
        balanceFen: w.balance,
        quotaAvailable: w.quotas.check,
        quotaNeeded: Math.max(1, Math.ceil(characters / per)),
      };
    },
  };
}
