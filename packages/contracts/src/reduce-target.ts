import { z } from 'zod';

/**
 * An optional 全文降重/降AIGC target (percent) from a form field, a query string or a JSON body (machine_init,
 * machine_submit, and a QR order's terms: its own module because order.ts cannot import reduce.ts, which imports
 * machine.ts, which imports order.ts). '' and absent both mean "not asked".
 */
export const targetField = (name: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: `${name}目标须是 0–100 之间的数字` })
      // 0 % is unreachable (any shared term or any trace counts): it would sell a job that cannot succeed
      .gt(0, `${name}目标须大于 0 %（0 % 任何改写都达不到）`)
      .max(100, `${name}目标不能大于 100 %`)
      .optional(),
  );
