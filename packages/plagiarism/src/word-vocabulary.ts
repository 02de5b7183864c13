import { GrowableU32 } from './library.ts';

/**
 * The library's vocabulary: content-word hash → dense word number (open addressing; hash 0 marks an empty slot,
 * dictwords.ts never gives it), and each word's document frequency in sentences. Postings and the forward index
 * hold word numbers, so a word's postings are one array range and its weight one array read.
 */
export class Vocabulary {
  /** Open addressing, slot s: the hash at [2s] (0: empty), its word number at [2s + 1] (one cache line). */
  private slots = new Uint32Array(2 << 16);
  private mask = (1 << 16) - 1;
  /** Sentences holding each word. */
  df = new GrowableU32(1 << 14);
  /** Each word number's hash (what a saved block names its new words by). */
  hashes = new GrowableU32(1 << 14);

  get size(): number {
    return this.df.length;
  }

  /** The word number of `h`, or -1 when no library sentence has it. */
  find(h: number): number {
    const slots = this.slots;
    for (let s = h & this.mask; ; s = (s + 1) & this.mask) {
      const k = slots[s * 2]!;
      if (k === h) return slots[s * 2 + 1]!;
      if (k === 0) return -1;
    }
  }

  /** The word number of `h`, numbered now when new. */
  add(h: number): number {
    const slots = this.slots;
    let s = h & this.mask;
    for (;;) {
      const k = slots[s * 2]!;
      if (k === h) return slots[s * 2 + 1]!;
      if (k === 0) break;
      s = (s + 1) & this.mask;
    }
    const id = this.df.length;
    this.df.push(0);
    this.hashes.push(h);
    slots[s * 2] = h;
    slots[s * 2 + 1] = id;
    if (this.df.length * 2 > this.mask) this.rehash();
    return id;
  }

  private rehash(): void {
    const old = this.slots;
    const size = old.length; // slots now: twice as many
    const slots = new Uint32Array(size * 2);
    const mask = size - 1;
    for (let i = 0; i < old.length; i += 2) {
      const h = old[i]!;
      if (h === 0) continue;
      let s = h & mask;
      while (slots[s * 2] !== 0) s = (s + 1) & mask;
      slots[s * 2] = h;
      slots[s * 2 + 1] = old[i + 1]!;
    }
    this.slots = slots;
    this.mask = mask;
  }

  get bytes(): number {
    return this.slots.byteLength + this.df.data.byteLength + this.hashes.data.byteLength;
  }
}
