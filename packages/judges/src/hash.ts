/** FNV-1a over UTF-16 code units, 32-bit: the judges' own hash, shared with nothing in the product. */
export function fnv1a(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A stable number in [0, 1) for an id, salted so the judges' splits are independent of the product's. */
export function judgeUnit(id: string): number {
  return fnv1a(`judges|${id}`) / 2 ** 32;
}
