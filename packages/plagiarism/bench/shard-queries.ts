import type { ParsedDocument } from '@paperdesk/textkit';
import type { LibraryDocument } from '../src/index.ts';
import { asDoc } from './cli.ts';
import { type Abstract, type EditStats, makeSuspicious, type Obfuscation, rng, thesis } from './corpus.ts';

/** What the shard benches check, one index against the shards: same seed, same queries in both. */
export interface ShardQuery {
  kind: string;
  doc: ParsedDocument;
}

/** Theses copying planted abstracts (verbatim, lightly edited), then documents with planted passages of each kind. */
export function shardBenchQueries(
  sources: LibraryDocument[],
  heldOut: Abstract[],
  seed: number,
  theses: number,
  planted: number,
): ShardQuery[] {
  const queries: ShardQuery[] = [];
  for (let q = 0; q < theses; q++)
    queries.push({ kind: 'thesis', doc: thesis(seed + 200 + q, sources, heldOut).doc });
  const r = rng(seed + 7);
  const edits: EditStats = { chars: 0, edits: 0 };
  const kinds: Obfuscation[] = ['verbatim', 'light', 'heavy'];
  for (let i = 0; i < planted; i++) {
    const kind = kinds[i % kinds.length]!;
    const d = makeSuspicious(r, `planted-${i}`, kind, sources, heldOut, 2, edits);
    queries.push({ kind: `planted ${kind === 'heavy' ? 'reworded' : kind}`, doc: asDoc(d.paragraphs) });
  }
  return queries;
}
