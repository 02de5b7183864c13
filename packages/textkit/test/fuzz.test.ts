import { describe, expect, it } from 'vitest';
import { allBombs } from '../fuzz/bombs.ts';
import { buildSeeds, type FuzzCase, fuzzCases, outcomeName, runCase, smallBombs } from '../fuzz/corpus.ts';

/** Replay a failure with TEXTKIT_FUZZ_SEED=<seed> npx vitest run packages/textkit/test/fuzz.test.ts */
const SEED = Number(process.env.TEXTKIT_FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);
const FILES = Number(process.env.TEXTKIT_FUZZ_FILES) || 1500;
/** Generous: a stuck reader takes forever, a slow one on a loaded machine a second or two. */
const PER_FILE_MS = 15_000;
/** No worker heap limit here: the caps alone must keep the process small while bombs go through. */
const MAX_RSS_GROWTH = 600 * 1024 * 1024;

describe(`readDocument fuzz (seed ${SEED})`, () => {
  it(`reads ${FILES} mutated files and every bomb to a document or a TextkitError, promptly, in bounded memory`, async () => {
    console.info(`textkit fuzz seed ${SEED} (${FILES} files)`);
    const seeds = await buildSeeds();
    const cases: FuzzCase[] = [...(await smallBombs())];
    const bombs = await allBombs();
    for (const b of bombs)
      cases.push({ label: b.label, format: b.format, filename: b.filename, bytes: b.bytes });
    const expected = new Map(bombs.map((b) => [b.label, b.expected ?? 'ok']));
    cases.push(...fuzzCases(seeds, SEED, FILES));

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const failures: string[] = [];
    const counts = new Map<string, number>();
    for (const c of cases) {
      const started = performance.now();
      const outcome = await runCase(c);
      const ms = performance.now() - started;
      peak = Math.max(peak, process.memoryUsage().rss);
      const name = outcomeName(outcome);
      counts.set(name, (counts.get(name) ?? 0) + 1);
      if (outcome.kind === 'other') failures.push(`${c.label}: ${String(outcome.error)}`);
      if (ms > PER_FILE_MS) failures.push(`${c.label}: ${Math.round(ms)} ms`);
      const want = expected.get(c.label);
      if (want !== undefined && want !== name) failures.push(`${c.label}: ${name}, expected ${want}`);
    }
    console.info(
      `outcomes ${JSON.stringify(Object.fromEntries(counts))}; rss growth ${Math.round((peak - baseline) / 1048576)} MiB`,
    );
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(peak - baseline).toBeLessThan(MAX_RSS_GROWTH);
    // the corpus reaches every layer: some files still read, some are refused for each kind of damage
    expect(counts.get('ok') ?? 0).toBeGreaterThan(0);
    expect(counts.get('UNREADABLE_FILE') ?? 0).toBeGreaterThan(0);
  }, 300_000);
});
