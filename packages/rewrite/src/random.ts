import type { Random } from '@paperdesk/textkit';

/** One of `items`, drawn with `random` (the rewrite's seeded generator: the same seed picks the same). */
export function pickOne<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pickOne: empty list');
  return item;
}
