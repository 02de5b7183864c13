/**
 * The rewrite loop's benchmark sets, read from ../shared/data at run time. Split: the AIGC detector's own
 * deterministic split (`splitOf`, unitHash of the paper title): texts whose title falls in its 'test' part (20%)
 * are HELD OUT — never used by the detector's training nor to tune the rules; everything else is the 'tune' part
 * the 降AIGC rules were read and adjusted on (`--tune` runs the bench on it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { canonicalText, splitOf } from '@paperdesk/aigc';
import { DATA_DIR } from './data.ts';

export type Part = 'held-out' | 'tune';

export interface BenchText {
  id: string;
  text: string;
  /** ai-abstract, ai-polish, ai-body, thesis-body, polish2-<style> or csl. */
  kind: string;
  /** The split group (a paper title, or the AI text's own id): a group's texts are always on one side. */
  group: string;
}

const titleGroup = (title: string) => `title:${canonicalText(title)}`;
const partOf = (group: string): Part => (splitOf(group) === 'test' ? 'held-out' : 'tune');

interface CslEntry {
  title: string;
  abstract: string;
}

function readJsonl(file: string): Array<Record<string, unknown>> {
  return fs
    .readFileSync(path.join(DATA_DIR, 'ai_academic_zh', file), 'utf8')
    .split('\n')
    .filter((l) => l.trim().length > 0)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

function cslFile(file: string): Record<string, CslEntry[]> {
  return JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'csl_human_abstracts_zh', file), 'utf8')) as Record<
    string,
    CslEntry[]
  >;
}

/** Human CSL abstracts (csl_human_abstracts_zh) of one part, ≥ minChars, deduplicated, in file order. */
export function cslAbstracts(part: Part, minChars = 120): BenchText[] {
  const out: BenchText[] = [];
  const seen = new Set<string>();
  const dir = path.join(DATA_DIR, 'csl_human_abstracts_zh');
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort())
    for (const [domain, list] of Object.entries(cslFile(file)))
      list.forEach((e, i) => {
        const text = e.abstract.trim();
        const group = titleGroup(e.title);
        if (text.length < minChars || seen.has(text) || partOf(group) !== part) return;
        seen.add(text);
        out.push({ id: `${file}-${domain}-${i}`, text, kind: 'csl', group });
      });
  return out;
}

/** AI-written academic texts (ai_academic_zh) of one part; abstracts and polishes share their title's part. */
export function aiTexts(part: Part, minChars = 80): BenchText[] {
  const first = cslFile('csl_1000_1500_4domain.json');
  const files = fs
    .readdirSync(path.join(DATA_DIR, 'ai_academic_zh'))
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  const out: BenchText[] = [];
  for (const row of files.flatMap(readJsonl)) {
    const text = String(row.text ?? '').trim();
    const index = typeof row.source_index === 'number' ? row.source_index : undefined;
    const title = index !== undefined ? first[String(row.domain_key)]?.[index]?.title : undefined;
    const group = title !== undefined ? titleGroup(title) : `ai:${String(row.id)}`;
    if (text.length < minChars || partOf(group) !== part) continue;
    const kind = row.style ? `polish2-${String(row.style)}` : String(row.kind);
    out.push({ id: String(row.id), text, kind, group });
  }
  return out;
}

/** `count` items spread evenly over the list (deterministic). */
export function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)] as T);
}
