import fs from 'node:fs';
import path from 'node:path';
import { canonicalText, splitOf } from '@paperdesk/aigc';
import { repoRoot } from '../../src/config.ts';

/**
 * Held-out texts for the API tests, read at run time from ../shared/data (never copied into the repo): human
 * CSL journal abstracts and the AI-written abstracts of the same titles (ai_academic_zh), taken only from
 * titles in the detector's *test* split, so the model never trained on them.
 */
export const DATA_DIR = process.env.PAPERDESK_DATA_DIR ?? path.resolve(repoRoot, '../shared/data');
const CSL = path.join(DATA_DIR, 'csl_human_abstracts_zh/csl_1000_1500_4domain.json');
const AI = path.join(DATA_DIR, 'ai_academic_zh');
export const hasData = fs.existsSync(CSL) && fs.existsSync(AI);

interface Abstract {
  title: string;
  abstract: string;
}

/** `count` held-out pairs: the human abstract and the AI abstract written for the same title. */
export function heldOutPairs(count: number): { title: string; human: string; ai: string }[] {
  const csl = JSON.parse(fs.readFileSync(CSL, 'utf8')) as Record<string, Abstract[]>;
  const pairs: { title: string; human: string; ai: string }[] = [];
  for (const file of fs.readdirSync(AI).filter((f) => f.startsWith('abstracts-'))) {
    for (const line of fs.readFileSync(path.join(AI, file), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const r = JSON.parse(line) as { kind: string; domain_key: string; source_index: number; text: string };
      const human = csl[r.domain_key]?.[r.source_index];
      if (r.kind !== 'ai-abstract' || !human) continue;
      if (splitOf(`title:${canonicalText(human.title)}`) !== 'test') continue;
      // long enough to be billed (200 characters) and judged
      if (human.abstract.trim().length < 220 || r.text.trim().length < 220) continue;
      pairs.push({ title: human.title, human: human.abstract.trim(), ai: r.text.trim() });
      break; // one pair per discipline file, then the next file
    }
  }
  return pairs.slice(0, count);
}
