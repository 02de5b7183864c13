import type { LibraryDocument } from '../src/index.ts';
import { type Abstract, rng, shuffle } from './corpus.ts';
import { type CorpusCache, generatedCorpus, libraryDocuments, plantedSources } from './markov.ts';

/** The CSL abstracts split once per seed: the library's and those held out (never in any library). */
export interface Split {
  library: LibraryDocument[];
  heldOut: Abstract[];
}

export function split(abstracts: Abstract[], seed: number): Split {
  const shuffled = shuffle(rng(seed), [...abstracts]);
  const heldOut = shuffled.slice(0, 1000);
  const library = shuffled
    .slice(1000)
    .map((a) => ({ id: a.id, title: a.title, source: 'CSL', text: a.text }));
  return { library, heldOut };
}

/** Library abstracts planted as sources in the generated libraries; the others train the Markov chain. */
const SOURCE_POOL = 2000;

/** A library of `target` characters: Markov-generated documents with real abstracts planted among them. */
export interface ScaledLibrary {
  cache: CorpusCache;
  /** The planted abstracts (what theses and reworded passages copy from). */
  sources: LibraryDocument[];
  /** The library's documents in order, read from the cached corpus. */
  documents(): Generator<LibraryDocument>;
}

export function scaledLibrary(
  s: Split,
  target: number,
  seed: number,
  log: (m: string) => void,
): ScaledLibrary {
  // the chain learns from abstracts that are neither planted nor held out: it shares their stock phrases with
  // the sources, not their sentences
  const pool = s.library.slice(0, SOURCE_POOL);
  const cache = generatedCorpus(
    seed,
    s.library.slice(SOURCE_POOL).map((d) => d.text),
    target + 4_000_000,
    log,
  );
  return {
    cache,
    sources: plantedSources(pool, target),
    documents: () => libraryDocuments(cache, pool, target),
  };
}
