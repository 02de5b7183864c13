import type { SysConfigEntry } from '@paperdesk/contracts';

/**
 * Price lines on the home page come from public config entries `price.<service>.<edition>` (billing
 * seeds them). The value may be a number of fen, or an object with the amount in fen (`fen`,
 * `amountFen`, `priceFen`, `amount` or `price`) and optionally `unit` / `per` and `label`. Nothing is
 * shown for a service without entries: the page never invents a price.
 */
export interface PriceLine {
  service: string;
  edition: string;
  amountFen: number;
  /** Display unit (千字, 次, 篇, 份 …) when known. */
  unit: string | null;
  label: string | null;
}

const UNIT_ALIASES: Record<string, string> = {
  '1000chars': '千字',
  '1000_chars': '千字',
  per1000: '千字',
  per_1000_chars: '千字',
  thousand_chars: '千字',
  kchars: '千字',
  chars_1000: '千字',
  time: '次',
  times: '次',
  check: '次',
  use: '次',
  article: '篇',
  paper: '篇',
  deck: '份',
  ppt: '份',
  message: '条',
  month: '月',
};

const hasCjk = (s: string) => /[\u3400-\u9fff]/.test(s);

function normaliseUnit(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.trim()) return null;
  const s = raw.trim();
  if (hasCjk(s)) return s.replace(/^每/, '');
  return UNIT_ALIASES[s.toLowerCase()] ?? null;
}

const isFen = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;

/** Reads one config value into an amount (fen), unit and label; `null` when it is not a price. */
export function readPrice(key: string, value: unknown): PriceLine | null {
  const [, service = '', ...rest] = key.split('.');
  if (!service) return null;
  const edition = rest.join('.');
  if (isFen(value)) return { service, edition, amountFen: Math.round(value), unit: null, label: null };
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const amount = [v.fen, v.amountFen, v.priceFen, v.amount, v.price].find(isFen);
  if (amount === undefined) return null;
  const unit = normaliseUnit(v.unit ?? v.per ?? v.unitLabel);
  const label = typeof v.label === 'string' ? v.label : typeof v.name === 'string' ? v.name : null;
  return { service, edition, amountFen: Math.round(amount), unit, label };
}

/** Service keys compare without case and underscores (`aigc_check` = `aigcCheck`). */
export const serviceKey = (s: string) => s.replace(/[_-]/g, '').toLowerCase();

/** The lowest price per service. */
export function lowestPrices(
  entries: readonly Pick<SysConfigEntry, 'key' | 'value'>[],
): Map<string, PriceLine> {
  const out = new Map<string, PriceLine>();
  for (const e of entries) {
    if (!e.key.startsWith('price.')) continue;
    const line = readPrice(e.key, e.value);
    if (!line) continue;
    const k = serviceKey(line.service);
    const prev = out.get(k);
    if (!prev || line.amountFen < prev.amountFen) out.set(k, line);
  }
  return out;
}

/** ¥15, ¥1.50 */
export function formatFen(fen: number): string {
  return fen % 100 === 0 ? `¥${fen / 100}` : `¥${(fen / 100).toFixed(2)}`;
}
