/**
 * The measured success rate of each rewrite path per goal, as `npm run bench:rewrite` last wrote it into
 * data/success-rates.json (held-out texts, the loop's own measures and targets): the confirm page shows it before
 * paying, so nobody buys the weaker path by mistake. A path the bench could not measure (the model rows need
 * LLM_BASE_URL) has no rate.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Goal } from './loop/types.ts';

export type RewritePath = 'offline' | 'model';

export interface MeasuredRate {
  goal: Goal;
  path: RewritePath;
  /** Share 0..1 of the held-out paragraphs that met every target after the loop. */
  rate: number;
  /** Paragraphs measured. */
  n: number;
  /** What was measured: sets, targets, detector version. */
  measured: string;
}

export interface SuccessRateFile {
  writtenAt: string;
  command: string;
  rates: MeasuredRate[];
}

export const SUCCESS_RATES_FILE = path.resolve(import.meta.dirname, '../data/success-rates.json');

let cached: SuccessRateFile | undefined;

/** The committed rates (read once); an absent file reads as nothing measured. */
export function successRates(): SuccessRateFile {
  if (!cached)
    cached = fs.existsSync(SUCCESS_RATES_FILE)
      ? (JSON.parse(fs.readFileSync(SUCCESS_RATES_FILE, 'utf8')) as SuccessRateFile)
      : { writtenAt: '', command: '', rates: [] };
  return cached;
}

/** The measured rate of a path for a goal, or undefined when the bench did not measure it. */
export function successRateOf(goal: Goal, p: RewritePath): MeasuredRate | undefined {
  return successRates().rates.find((r) => r.goal === goal && r.path === p);
}

/** The offline path is offered for a goal only where it measurably meets the target at least this often. */
export const OFFLINE_OFFER_MIN_RATE = 0.5;

export function offlineOffered(goal: Goal): boolean {
  return (successRateOf(goal, 'offline')?.rate ?? 0) >= OFFLINE_OFFER_MIN_RATE;
}
