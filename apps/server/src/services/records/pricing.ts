import type { PayWay } from '@paperdesk/contracts';
import type { Executor } from '../billing/index.ts';
import type { PaidRecordRow, PaidRecordSpec, RecordFields } from './kernel.ts';

/** How the kernel's charge hook is built for a service priced by a record's characters (查重, 降重, 全文降重). */

/** What a billing port pricing a record by its characters takes to charge it (with the record's own terms). */
export interface CharacterCharge {
  userId: number;
  characters: number;
  recordId: number;
  orderId?: number | undefined;
  pay?: PayWay | undefined;
}

/**
 * The charge hook of a service priced by a record's characters and its terms (`termsOf`: edition, path …): the port
 * bills the record's owner; the record keeps what was paid and from where, plus `columns` of the charge.
 */
export function chargeByCharacters<
  R extends PaidRecordRow & { characters: number },
  T extends object,
  C extends { fen: number; source: string },
>(
  port: { charge(trx: Executor, input: CharacterCharge & T): Promise<C> },
  termsOf: (row: R) => T,
  columns: (charged: C) => RecordFields = () => ({}),
): PaidRecordSpec<R>['charge'] {
  return async (trx, row, orderId, pay) => {
    const c = await port.charge(trx, {
      userId: row.userId,
      characters: Number(row.characters),
      recordId: row.id,
      orderId,
      pay,
      ...termsOf(row),
    });
    return { paidFen: c.fen, chargeSource: c.source, ...columns(c) };
  };
}

/**
 * A service priced per character in editions (查重, 降重), from its billing port: word_count's `quotes` (the price
 * of `characters` in each edition, in their order) and the `charge` hook (the record's edition; `columns` of the
 * charge as with chargeByCharacters).
 */
export function editionPricing<E extends string, C extends { fen: number; source: string }>(
  editions: readonly E[],
  port: {
    quote(edition: E, characters: number): Promise<{ unitFen: number; fen: number }>;
    charge(trx: Executor, input: CharacterCharge & { edition: E }): Promise<C>;
  },
  columns?: (charged: C) => RecordFields,
) {
  return {
    quotes: (characters: number): Promise<Array<{ edition: E; unitPriceFen: number; priceFen: number }>> =>
      Promise.all(
        editions.map(async (edition) => {
          const q = await port.quote(edition, characters);
          return { edition, unitPriceFen: q.unitFen, priceFen: q.fen };
        }),
      ),
    charge: chargeByCharacters(
      port,
      (row: PaidRecordRow & { characters: number; edition: E }) => ({ edition: row.edition }),
      columns,
    ),
  };
}
