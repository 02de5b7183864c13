/** A replaced stretch of `a`: a[start, end) became `replacement`. */
export interface Hunk {
  start: number;
  end: number;
  replacement: string;
}

/** Longest inputs diffed character by character; longer pairs become one hunk after trimming common ends. */
const MAX_DIFF_CELLS = 2000 * 2000;

/**
 * Character-level difference of two strings as replacement hunks in `a` (applying them in order gives `b`).
 * Hunks separated by a single unchanged character are merged, so a reader sees words rather than fragments.
 */
export function diffHunks(a: string, b: string): Hunk[] {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf])
    suf++;
  const x = a.slice(pre, a.length - suf);
  const y = b.slice(pre, b.length - suf);
  if (x.length === 0 && y.length === 0) return [];
  if (x.length * y.length > MAX_DIFF_CELLS || x.length === 0 || y.length === 0)
    return [{ start: pre, end: pre + x.length, replacement: y }];
  return mergeClose(lcsHunks(x, y), x).map((h) => ({ ...h, start: h.start + pre, end: h.end + pre }));
}

function lcsHunks(x: string, y: string): Hunk[] {
  const n = x.length;
  const m = y.length;
  // lcs[i][j] = LCS length of x[i..] and y[j..], row-major in one typed array
  const lcs = new Uint16Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i * (m + 1) + j] =
        x[i] === y[j]
          ? (lcs[(i + 1) * (m + 1) + j + 1] ?? 0) + 1
          : Math.max(lcs[(i + 1) * (m + 1) + j] ?? 0, lcs[i * (m + 1) + j + 1] ?? 0);
  const hunks: Hunk[] = [];
  let open: Hunk | undefined;
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && x[i] === y[j]) {
      if (open) hunks.push(open);
      open = undefined;
      i++;
      j++;
      continue;
    }
    open ??= { start: i, end: i, replacement: '' };
    if (j < m && (i === n || (lcs[i * (m + 1) + j + 1] ?? 0) >= (lcs[(i + 1) * (m + 1) + j] ?? 0))) {
      open.replacement += y[j];
      j++;
    } else {
      i++;
      open.end = i;
    }
  }
  if (open) hunks.push(open);
  return hunks;
}

function mergeClose(hunks: Hunk[], x: string): Hunk[] {
  const out: Hunk[] = [];
  for (const h of hunks) {
    const last = out[out.length - 1];
    if (last && h.start - last.end <= 1) {
      last.replacement += x.slice(last.end, h.start) + h.replacement;
      last.end = h.end;
    } else out.push({ ...h });
  }
  return out;
}
