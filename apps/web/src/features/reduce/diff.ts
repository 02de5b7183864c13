/**
 * The changed runs between a paragraph before and after rewriting, character by character (Chinese has no
 * spaces to split words on). Myers' O(ND) diff on code points, then a cleanup that lets a one-character
 * island between two changes join them: "把A改B" reads better marked as one change than as three.
 */

export type RunKind = 'same' | 'del' | 'ins';
export interface Run {
  kind: RunKind;
  text: string;
}

/** Above this many edit steps the middle is marked as one change (a rewrite that long is a new paragraph). */
const MAX_EDITS = 1200;

export function diffRuns(before: string, after: string): Run[] {
  const a = Array.from(before);
  const b = Array.from(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const runs: Run[] = [];
  push(runs, 'same', a.slice(0, start).join(''));
  for (const r of middle(a.slice(start, endA), b.slice(start, endB))) push(runs, r.kind, r.text);
  push(runs, 'same', a.slice(endA).join(''));
  return absorbIslands(runs);
}

function push(runs: Run[], kind: RunKind, text: string): void {
  if (!text) return;
  const last = runs.at(-1);
  if (last && last.kind === kind) last.text += text;
  else runs.push({ kind, text });
}

/** Myers' greedy diff with a trace to walk back; beyond MAX_EDITS the whole middle is one change. */
function middle(a: string[], b: string[]): Run[] {
  const n = a.length;
  const m = b.length;
  if (n === 0 && m === 0) return [];
  const whole: Run[] = [
    { kind: 'del', text: a.join('') },
    { kind: 'ins', text: b.join('') },
  ];
  if (n === 0 || m === 0) return whole.filter((r) => r.text);
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!)
          ? v[offset + k + 1]!
          : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, offset, d);
    }
  }
  return whole;
}

function backtrack(trace: Int32Array[], a: string[], b: string[], offset: number, dEnd: number): Run[] {
  const steps: { kind: RunKind; ch: string }[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = dEnd; d > 0; d--) {
    const v = trace[d]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? k + 1 : k - 1;
    const prevX = v[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      steps.push({ kind: 'same', ch: a[x]! });
    }
    if (x === prevX) steps.push({ kind: 'ins', ch: b[--y]! });
    else steps.push({ kind: 'del', ch: a[--x]! });
  }
  while (x > 0 && y > 0) {
    x--;
    y--;
    steps.push({ kind: 'same', ch: a[x]! });
  }
  const runs: Run[] = [];
  for (const s of steps.reverse()) push(runs, s.kind, s.ch);
  return orderChanges(runs);
}

/**
 * Within each block of changes between two equal runs: all deleted text, then all inserted text, so a
 * replacement reads as "this became that".
 */
function orderChanges(runs: Run[]): Run[] {
  const out: Run[] = [];
  let del = '';
  let ins = '';
  const flush = () => {
    push(out, 'del', del);
    push(out, 'ins', ins);
    del = '';
    ins = '';
  };
  for (const r of runs) {
    if (r.kind === 'same') {
      flush();
      push(out, 'same', r.text);
    } else if (r.kind === 'del') del += r.text;
    else ins += r.text;
  }
  flush();
  return out;
}

/** An equal run of one character between two changes becomes part of both sides of one change. */
function absorbIslands(runs: Run[]): Run[] {
  const out: Run[] = [];
  let i = 0;
  while (i < runs.length) {
    const r = runs[i]!;
    const island = r.kind === 'same' && Array.from(r.text).length === 1 && i > 0 && i < runs.length - 1;
    if (island && out.length > 0 && out.at(-1)!.kind !== 'same') {
      const before: Run[] = [];
      while (out.length > 0 && out.at(-1)!.kind !== 'same') before.unshift(out.pop()!);
      const afterRuns: Run[] = [];
      let j = i + 1;
      while (j < runs.length && runs[j]!.kind !== 'same') afterRuns.push(runs[j++]!);
      const text = (kind: RunKind, list: Run[]) =>
        list
          .filter((x) => x.kind === kind)
          .map((x) => x.text)
          .join('');
      const del = text('del', before) + r.text + text('del', afterRuns);
      const ins = text('ins', before) + r.text + text('ins', afterRuns);
      out.push({ kind: 'del', text: del }, { kind: 'ins', text: ins });
      i = j;
      continue;
    }
    out.push({ ...r });
    i++;
  }
  return orderChanges(out);
}

/** One side of the comparison: the original (equal and deleted runs) or the rewrite (equal and inserted). */
export function side(runs: readonly Run[], which: 'before' | 'after'): { text: string; changed: boolean }[] {
  const drop: RunKind = which === 'before' ? 'ins' : 'del';
  return runs.filter((r) => r.kind !== drop).map((r) => ({ text: r.text, changed: r.kind !== 'same' }));
}

/** Share of the original's characters that were changed (0..1); 0 for an empty original. */
export function changedShare(runs: readonly Run[]): number {
  let total = 0;
  let changed = 0;
  for (const r of runs) {
    if (r.kind === 'ins') continue;
    const len = Array.from(r.text).length;
    total += len;
    if (r.kind === 'del') changed += len;
  }
  return total === 0 ? 0 : changed / total;
}
