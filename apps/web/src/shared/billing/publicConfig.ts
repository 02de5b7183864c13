import { PriceEntry } from '@paperdesk/contracts';

/** A public sys_config entry as `load_all_by_entity` returns it. */
interface Entry {
  key: string;
  value: unknown;
}

/**
 * Unit prices in fen from the public `price.<service>.<edition>` entries, for the editions named; an entry that
 * is not a price is left out (the page shows — for it).
 */
export function editionPrices<E extends string>(
  entries: Entry[],
  service: string,
  editions: readonly E[],
): Partial<Record<E, number>> {
  const out: Partial<Record<E, number>> = {};
  for (const edition of editions) {
    const parsed = PriceEntry.safeParse(entries.find((e) => e.key === `price.${service}.${edition}`)?.value);
    if (parsed.success) out[edition] = parsed.data.fen;
  }
  return out;
}

/** A numeric public setting (`limit.*`), or `fallback` when it is absent or not a number. */
export function numberSetting(entries: Entry[], key: string, fallback: number): number {
  const value = entries.find((e) => e.key === key)?.value;
  return typeof value === 'number' ? value : fallback;
}
