import type { DocumentMeta, PlagiarismIndex } from './library.ts';

/**
 * Which library documents one check may use at all. A private document (自建库) is its owner's reference
 * material: it may be a candidate, a source, a figure or a passage only in its owner's checks, never in anyone
 * else's — not even as a reworded-sentence source. Every stage takes its documents through `usableDocuments`,
 * so a stage added later reaches no private document unless it bypasses the one place candidates are chosen.
 */

export interface CheckScope {
  /** The checking user's key; a private document is usable only when its ownerKey is this one. */
  ownerKey?: string | undefined;
  /** Library documents to ignore entirely (e.g. an earlier upload of this very paper). */
  excludeDocIds?: string[] | undefined;
}

/** The privacy rule for one document. */
export function visibleTo(meta: DocumentMeta, ownerKey: string | undefined): boolean {
  return !meta.private || (ownerKey !== undefined && meta.ownerKey === ownerKey);
}

const UNKNOWN = 0;
const USABLE = 1;
const BARRED = 2;

/**
 * The check's predicate over index ordinals: visible to the checking user and not excluded. Memoised per check,
 * since the candidate stage asks once per shared k-gram (millions on a large library).
 */
export function usableDocuments(
  index: Pick<PlagiarismIndex, 'ordinalOf' | 'ordinalMeta'>,
  scope: CheckScope,
): (ordinal: number) => boolean {
  const excluded = new Set<number>();
  for (const id of scope.excludeDocIds ?? []) {
    const o = index.ordinalOf(id);
    if (o !== undefined) excluded.add(o);
  }
  let known = new Uint8Array(1024);
  return (ordinal) => {
    if (ordinal < 0) return false;
    if (ordinal >= known.length) {
      const grown = new Uint8Array(Math.max(ordinal + 1, known.length * 2));
      grown.set(known);
      known = grown;
    }
    let state = known[ordinal]!;
    if (state === UNKNOWN) {
      state =
        !excluded.has(ordinal) && visibleTo(index.ordinalMeta(ordinal), scope.ownerKey) ? USABLE : BARRED;
      known[ordinal] = state;
    }
    return state === USABLE;
  };
}
