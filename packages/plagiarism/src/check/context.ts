import {
  type DocumentText,
  documentText,
  findReferences,
  matchingCodes,
  type ParsedDocument,
  type ReferenceEntry,
} from '@paperdesk/textkit';
import { matchWeights, type Passage } from '../align.ts';
import { kgramHashes } from '../fingerprint.ts';
import type { PlagiarismIndex, SeedHits } from '../library.ts';
import { isOwnDocument } from '../provenance.ts';
import type { Report } from '../report.ts';
import type { SentenceLookup } from '../reworded.ts';
import { usableDocuments } from '../visibility.ts';
import type { Interval } from './intervals.ts';
import { type CheckOptions, type CheckSettings, settingsOf } from './options.ts';

/**
 * What a check reads of the library: a PlagiarismIndex, or a ShardedLibrary (shards.ts) that answers as the one
 * index holding all its shards' documents would — its reworded look-up too (a PlagiarismIndex's is its word
 * index, reworded.ts).
 */
export type CheckLibrary = {
  sentenceLookup?(): SentenceLookup;
  /**
   * The check's rules over documents when the library answers them itself (a library over remote shards, whose
   * shards apply them to their own documents: shard-check.ts); otherwise read from ordinalMeta.
   */
  documentRules?(opts: CheckSettings): DocumentRules;
} & Pick<
  PlagiarismIndex,
  | 'k'
  | 'w'
  | 'size'
  | 'characterCount'
  | 'maxDocFrequency'
  | 'stockPhraseDocs'
  | 'ordinalText'
  | 'ordinalMeta'
  | 'ordinalOf'
  | 'seeds'
>;

/** Which documents a check may use (visibility.ts) and which are the author's own (provenance.ts). */
export interface DocumentRules {
  usable: (ordinal: number) => boolean;
  own: (ordinal: number) => boolean;
}

/** The checked text: the document's text, the same with the reference list blanked, and its matching form. */
export interface CheckQuery {
  dt: DocumentText;
  text: string;
  checked: string;
  refRange: Interval | undefined;
  references: Report['references'];
  referenceEntries: ReferenceEntry[];
  q: Codes;
}

/** A document's checked text (what the check looks up): the reference list blanked when it is left out. */
export function checkQuery(doc: ParsedDocument, excludeReferences: boolean): CheckQuery {
  const dt = documentText(doc);
  const text = dt.text;
  // what is checked: everything but the reference list (blanked with spaces so offsets stay the same)
  const refs = excludeReferences ? findReferences(text) : undefined;
  if (!refs || refs.entries.length === 0)
    return {
      dt,
      text,
      checked: text,
      refRange: undefined,
      references: undefined,
      referenceEntries: [],
      q: matchingCodes(text),
    };
  const range = { start: refs.headingStart ?? refs.start, end: refs.end };
  const checked = text.slice(0, range.start) + ' '.repeat(range.end - range.start) + text.slice(range.end);
  return {
    dt,
    text,
    checked,
    refRange: range,
    references: { start: range.start, end: range.end, entries: refs.entries.length },
    referenceEntries: refs.entries,
    q: matchingCodes(checked),
  };
}

/** A text's matching form: codes and, for each, its offset in the text (one more at the end). */
export type Codes = ReturnType<typeof matchingCodes>;

/** A library document some stage found passages in, and what the stages found. */
export interface Candidate {
  /** The character index's ordinal of the document. */
  ordinal: number;
  /** Query and source positions of its shared k-grams (none when only the reworded stage found it). */
  seedQ: Uint32Array;
  seedS: Uint32Array;
  /** Exact passages, and every passage (exact, then those the later stages added). */
  exact: Passage[];
  passages: Passage[];
  /** The source's matching codes, kept only once something matched. */
  s: Codes | undefined;
}

const NO_SEEDS = new Uint32Array(0);

/**
 * What every stage of one check shares (as Dolos passes its algorithm's stages one index and one set of
 * options): the settings, the checked text and its matching form, the library's seeds, which documents count as
 * the author's own, and the candidates the stages found so far.
 *
 * Which library documents a check may use at all is decided here, once (visibility.ts): a private 自建库
 * document only in its owner's checks, excluded ids never. A stage reaches a document's candidate record only
 * through `candidate()`, which refuses the others, so a stage added later cannot report one either.
 */
export class CheckContext {
  readonly opts: CheckSettings;
  readonly dt: DocumentText;
  /** The document's text; `checked` is the same with the reference list blanked (offsets unchanged). */
  readonly text: string;
  readonly checked: string;
  /** The reference list left out of the check, and its entries. */
  readonly refRange: Interval | undefined;
  readonly references: Report['references'];
  readonly referenceEntries: ReferenceEntry[];
  /** The checked text's matching form, each code's weight (Latin letters and digits 1/3) and k-gram seeds. */
  readonly q: Codes;
  readonly weights: Float32Array;
  readonly hits: SeedHits;
  /** The check's privacy rule over index ordinals (memoised). */
  readonly usable: (ordinal: number) => boolean;
  /** Library documents found so far, candidates of the fingerprint stage first, in the order found. */
  readonly candidates: Candidate[] = [];
  /** The word index's share of the library, once the reworded stage ran. */
  rewordedCoverage: number | undefined;
  private readonly byOrdinal = new Map<number, Candidate>();
  private readonly ownOf: ReturnType<typeof isOwnDocument> | undefined;
  private readonly ownRule: ((ordinal: number) => boolean) | undefined;
  private readonly ownOrdinals = new Map<number, boolean>();

  constructor(
    readonly doc: ParsedDocument,
    readonly index: CheckLibrary,
    options: CheckOptions,
    /** When the check started (performance.now()). */
    readonly started: number,
    /** The checked text and its seeds when looked up already (a check over remote shards, shard-check.ts). */
    looked?: { query: CheckQuery; hits: SeedHits },
  ) {
    const opts = settingsOf(index.stockPhraseDocs, options);
    this.opts = opts;
    const query = looked?.query ?? checkQuery(doc, opts.excludeReferences);
    this.dt = query.dt;
    this.text = query.text;
    this.checked = query.checked;
    this.refRange = query.refRange;
    this.references = query.references;
    this.referenceEntries = query.referenceEntries;
    this.q = query.q;
    this.weights = matchWeights(this.q.codes);
    this.hits =
      looked?.hits ??
      index.seeds(kgramHashes(this.q.codes, index.k), opts.maxPostings ?? index.maxDocFrequency);
    const rules = index.documentRules?.(opts);
    this.ownOf = rules ? undefined : isOwnDocument({ ownerKey: opts.ownerKey, ownAuthors: opts.ownAuthors });
    this.ownRule = rules?.own;
    this.usable = rules?.usable ?? usableDocuments(index, opts);
  }

  /** Matching characters of query codes [from, to) (Latin letters and digits weigh 1/3). */
  weigh(from: number, to: number): number {
    let w = 0;
    for (let i = from; i < to; i++) w += this.weights[i]!;
    return w;
  }

  /** The library document is the author's own (本人文献). */
  isOwn(ordinal: number): boolean {
    let own = this.ownOrdinals.get(ordinal);
    if (own === undefined) {
      own = this.ownRule ? this.ownRule(ordinal) : this.ownOf!(this.index.ordinalMeta(ordinal));
      this.ownOrdinals.set(ordinal, own);
    }
    return own;
  }

  /**
   * The candidate record of a library document, added (with these seeds) when new; undefined for a document
   * this check may not use — the one gate every stage's sources pass.
   */
  candidate(
    ordinal: number,
    seedQ: Uint32Array = NO_SEEDS,
    seedS: Uint32Array = NO_SEEDS,
  ): Candidate | undefined {
    const known = this.byOrdinal.get(ordinal);
    if (known) return known;
    if (!this.usable(ordinal)) return undefined;
    const c: Candidate = { ordinal, seedQ, seedS, exact: [], passages: [], s: undefined };
    this.candidates.push(c);
    this.byOrdinal.set(ordinal, c);
    return c;
  }

  /** Passages that add nothing (90 % covered by `list`) or match too few characters are dropped. */
  newPassages(found: Passage[], list: Passage[]): Passage[] {
    return found.filter((p) => !covered(p, list) && this.weigh(p.qs, p.qe) >= this.opts.minMatchedChars);
  }
}

/** The passage adds nothing: passages of `list` already cover 90% of it. */
function covered(p: Passage, list: Passage[]): boolean {
  let n = 0;
  for (const o of list) n += Math.max(0, Math.min(o.qe, p.qe) - Math.max(o.qs, p.qs));
  return n >= 0.9 * (p.qe - p.qs);
}
