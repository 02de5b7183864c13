import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DocumentMeta, IndexOptions, LibraryDocument } from './library.ts';
import { PlagiarismIndex } from './library.ts';
import { replaceJson } from './persist.ts';
import { isOwnDocument } from './provenance.ts';
import { type RewordedOptions, wordIndexOf } from './reworded.ts';
import { answerSeeds, type ShardSeeds } from './shard-seeds.ts';
import { answerSentences, type ShardSentences, type WordStats } from './shard-words.ts';
import { shardOf } from './shards.ts';
import { type CheckScope, visibleTo } from './visibility.ts';
import type { WordSentence } from './words.ts';

/**
 * A shard in its own process (issue 28): the part of the library `shardOf` gives it, with the library number of
 * each document (the coordinator's names for documents, shards.ts), its own index folder, and the one entry
 * point a worker calls with each request of a check over shards: answerShardRequest. The coordinator's side is
 * shard-check.ts.
 *
 * Requests and answers are plain data (numbers, strings, typed arrays): structured-clone safe, what a BullMQ
 * child job takes and returns, or a child process's IPC with the 'advanced' serialization.
 */

/** The check's rules over documents as a shard applies them to its own: visibility, exclusions, 本人文献. */
export interface ShardScope {
  ownerKey?: string | undefined;
  ownAuthors?: string[] | undefined;
  excludeDocIds?: string[] | undefined;
}

/** What a shard holds, sent with every seeds answer (the library's size is its shards' sizes summed). */
export interface ShardStatus {
  shard: number;
  shards: number;
  documents: number;
  characters: number;
  k: number;
  w: number;
  maxDocFrequency: number;
  boilerplateShare: number;
  /**
   * The version of its word statistics: changes when it segments or removes documents, and at every start of the
   * shard (so a coordinator never takes a restarted shard's statistics for ones it holds). '' when not asked.
   */
  words: string;
  /** Bytes of its postings, texts and word index (typed arrays). */
  bytes: number;
}

export type ShardRequest =
  | { kind: 'status' }
  /** The k-gram look-up; `words`: the check has a reworded stage, so the answer names the words' version. */
  | { kind: 'seeds'; hashes: Uint32Array; maxPostings: number; scope: ShardScope; words: boolean }
  /** Metadata and texts of documents by library number (the ones this shard holds). */
  | { kind: 'documents'; numbers: Uint32Array }
  | { kind: 'wordStats' }
  /**
   * The reworded look-up. `versions`: each shard's word statistics the merged statistics were made of; `library`
   * (those merged statistics) is sent only to a shard not known to hold them already.
   */
  | {
      kind: 'sentences';
      sentences: WordSentence[];
      options: RewordedOptions;
      scope: CheckScope;
      versions: string[];
      library?: WordStats | undefined;
    };

export type ShardAnswer =
  | { kind: 'status'; status: ShardStatus }
  /** `docs`: the distinct library numbers in `seeds`; `flags` per doc: 1 usable by this check, 2 本人文献. */
  | { kind: 'seeds'; status: ShardStatus; seeds: ShardSeeds; docs: Uint32Array; flags: Uint8Array }
  | { kind: 'documents'; documents: LibraryDocument[] }
  | { kind: 'wordStats'; version: string; stats: WordStats }
  /**
   * The shard's best sentences, or `resend`: 'stale' when its statistics changed since the versions named (the
   * coordinator takes them again), 'library' when it does not hold the merged statistics of those versions.
   */
  | { kind: 'sentences'; sentences: ShardSentences; resend?: undefined }
  | { kind: 'sentences'; sentences?: undefined; resend: 'stale' | 'library' };

export const USABLE = 1;
export const OWN = 2;

const SHARD_FILE = 'shard.json';

interface ShardFile {
  format: 'paperdesk-library-shard';
  shard: number;
  shards: number;
  ids: string[];
  numbers: number[];
}

/** One shard of the library: its index and its documents' library numbers. */
export class LibraryShard {
  private readonly numberOf = new Map<string, number>();
  private readonly idAt = new Map<number, string>();
  /** Removed since the last save: kept in the shard file until the index's own save says they are gone. */
  private readonly removedSinceSave = new Map<string, number>();
  /** Names this run of the shard in its word statistics' version. */
  private readonly epoch = randomBytes(4).toString('hex');
  /** The merged statistics a coordinator sent, by the versions they were merged from. */
  private library: { key: string; stats: WordStats } | undefined;

  constructor(
    readonly index: PlagiarismIndex,
    readonly shard: number,
    readonly shards: number,
  ) {
    if (!(shard >= 0 && shard < shards)) throw new Error(`shard ${shard} of ${shards}?`);
    // once the index has a folder, every commit or merge swaps its manifest (a look-up commits): the numbers go
    // first each time, so a shard killed after adding documents still loads
    index.watch({ added() {}, removed() {}, manifestSwapping: (folder) => this.writeNumbers(folder) });
  }

  readonly libraryNumber = (id: string): number => this.numberOf.get(id)!;

  /** Add a document of this shard under its library number (replacing one with the same id). */
  add(doc: LibraryDocument, libraryNumber: number): void {
    if (shardOf(doc.id, this.shards) !== this.shard)
      throw new Error(`${doc.id} belongs to shard ${shardOf(doc.id, this.shards)}, not ${this.shard}`);
    this.remove(doc.id);
    this.index.add(doc);
    this.numberOf.set(doc.id, libraryNumber);
    this.idAt.set(libraryNumber, doc.id);
    this.removedSinceSave.delete(doc.id);
  }

  remove(id: string): boolean {
    const n = this.numberOf.get(id);
    if (n === undefined) return false;
    this.index.remove(id);
    this.numberOf.delete(id);
    this.idAt.delete(n);
    this.removedSinceSave.set(id, n);
    return true;
  }

  /** The live document with this library number, or undefined. */
  idOf(libraryNumber: number): string | undefined {
    return this.idAt.get(libraryNumber);
  }

  /**
   * Save into the shard's own folder (persist.ts: appending segments, the manifest swapped by rename). The library
   * numbers are written before every manifest swap, with those removed since the last save: a crash between the
   * two leaves numbers for every document the index folder holds.
   */
  save(folder: string): void {
    fs.mkdirSync(folder, { recursive: true });
    this.writeNumbers(folder);
    this.index.save(folder);
    this.removedSinceSave.clear();
  }

  private writeNumbers(folder: string): void {
    const all = [...this.numberOf, ...this.removedSinceSave];
    const file: ShardFile = {
      format: 'paperdesk-library-shard',
      shard: this.shard,
      shards: this.shards,
      ids: all.map(([id]) => id),
      numbers: all.map(([, n]) => n),
    };
    replaceJson(folder, SHARD_FILE, file);
  }

  /** Load a shard saved by save(); its word index is read back from the same folder when it is first used. */
  static load(folder: string, options: IndexOptions = {}): LibraryShard {
    const file = JSON.parse(fs.readFileSync(path.join(folder, SHARD_FILE), 'utf8')) as ShardFile;
    if (file.format !== 'paperdesk-library-shard') throw new Error(`${folder} holds no library shard`);
    const shard = new LibraryShard(PlagiarismIndex.open(folder, options), file.shard, file.shards);
    file.ids.forEach((id, i) => {
      if (shard.index.ordinalOf(id) === undefined) return; // removed, and the removal saved
      shard.numberOf.set(id, file.numbers[i]!);
      shard.idAt.set(file.numbers[i]!, id);
    });
    if (shard.numberOf.size !== shard.index.size)
      throw new Error(
        `${folder}: ${shard.index.size - shard.numberOf.size} documents have no library number`,
      );
    return shard;
  }

  /** The version of its word statistics (see ShardStatus.words). */
  wordsVersion(): string {
    const w = wordIndexOf(this.index);
    return `${this.epoch}.${w.sentences}.${w.liveChars}`;
  }

  status(words: boolean): ShardStatus {
    const i = this.index;
    return {
      shard: this.shard,
      shards: this.shards,
      documents: i.size,
      characters: i.characterCount,
      k: i.k,
      w: i.w,
      maxDocFrequency: i.maxDocFrequency,
      boilerplateShare: i.boilerplateShare,
      words: words ? this.wordsVersion() : '',
      bytes: i.stats().bytes + (words ? wordIndexOf(i).bytes : 0),
    };
  }

  private meta(libraryNumber: number): DocumentMeta {
    const id = this.idAt.get(libraryNumber);
    if (id === undefined) throw new Error(`no document ${libraryNumber} in shard ${this.shard}`);
    return this.index.ordinalMeta(this.index.ordinalOf(id)!);
  }

  /** Answer one request of a check (what a shard worker's job runs). */
  answer(request: ShardRequest): ShardAnswer {
    switch (request.kind) {
      case 'status':
        return { kind: 'status', status: this.status(false) };
      case 'seeds': {
        const seeds = answerSeeds(this.index, request, this.libraryNumber);
        const docs = Uint32Array.from(new Set(seeds.doc));
        const excluded = new Set(request.scope.excludeDocIds ?? []);
        const own = isOwnDocument({ ownerKey: request.scope.ownerKey, ownAuthors: request.scope.ownAuthors });
        const flags = new Uint8Array(docs.length);
        docs.forEach((n, i) => {
          const meta = this.meta(n);
          flags[i] =
            (!excluded.has(meta.id) && visibleTo(meta, request.scope.ownerKey) ? USABLE : 0) |
            (own(meta) ? OWN : 0);
        });
        return { kind: 'seeds', status: this.status(request.words), seeds, docs, flags };
      }
      case 'documents':
        return {
          kind: 'documents',
          documents: Array.from(request.numbers, (n) => {
            const local = this.index.ordinalOf(this.meta(n).id)!;
            return { ...this.index.ordinalMeta(local), text: this.index.ordinalText(local) };
          }),
        };
      case 'wordStats':
        return { kind: 'wordStats', version: this.wordsVersion(), stats: wordIndexOf(this.index).stats() };
      case 'sentences': {
        if (request.versions[this.shard] !== this.wordsVersion())
          return { kind: 'sentences', resend: 'stale' };
        const key = request.versions.join(',');
        if (request.library) this.library = { key, stats: request.library };
        else if (this.library?.key !== key) return { kind: 'sentences', resend: 'library' };
        const sentences = answerSentences(
          this.index,
          { ...request, library: this.library!.stats },
          this.libraryNumber,
        );
        return { kind: 'sentences', sentences };
      }
    }
  }
}

/** A shard's answer to one request of a check over shards (shard-check.ts). */
export function answerShardRequest(shard: LibraryShard, request: ShardRequest): ShardAnswer {
  return shard.answer(request);
}
