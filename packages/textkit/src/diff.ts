/**
 * The project's one text diff: a text before and after rewriting as an edit script, character by character
 * (Chinese has no spaces to split words on), or with runs of Latin letters and digits as one unit each. The web's
 * 降重 comparison, the 改写对照 table and tracked revisions of a rewritten .docx (documents) and the rewriter's
 * change list (rewrite) are all drawn from it. No runtime dependency: the web imports it as `@paperdesk/textkit/diff`.
 *
 * Myers' O(ND) diff between the common head and tail; a pair needing more than MAX_EDITS unit edits is compared
 * sentence by sentence instead, and beyond that the middle is one change (a rewrite that long is a new text).
 */

/** One step of the edit script: `equal` and `delete` carry original text, `insert` new text. */
export interface DiffOp {
  op: 'equal' | 'delete' | 'insert';
  text: string;
}

export interface DiffOptions {
  /**
   * `characters` (code points, the default), or `words`: a run of Latin letters or digits, or of whitespace, is
   * one unit (an English word is changed whole).
   */
  units?: 'characters' | 'words';
  /** Whitespace runs compare equal whatever they hold (an `equal` op keeps the original's). */
  looseSpace?: boolean;
}

/** Unit edits at most before the comparison falls back to sentences (the trace holds ~MAX_EDITS² numbers). */
const MAX_EDITS = 2000;
const WORD = /[A-Za-z0-9]+|\s+|[\s\S]/gu;
const SENTENCE = /[^。！？；!?;\n]+[。！？；!?;\n]*|[。！？；!?;\n]+/gu;
const SPACE = /^\s+$/u;

/**
 * The edit script from `original` to `rewritten`. Within each change, deletions come before insertions, so a
 * replacement reads "this became that"; joining the `equal` and `delete` texts gives the original, the `equal`
 * and `insert` texts the rewritten text (but for whitespace under looseSpace).
 */
export function diffText(original: string, rewritten: string, options: DiffOptions = {}): DiffOp[] {
  const units = (text: string) => (options.units === 'words' ? (text.match(WORD) ?? []) : Array.from(text));
  const key = options.looseSpace ? (t: string) => (SPACE.test(t) ? ' ' : t) : (t: string) => t;
  return (
    diffUnits(units(original), units(rewritten), key) ??
    diffUnits(original.match(SENTENCE) ?? [], rewritten.match(SENTENCE) ?? [], key) ?? [
      ...(original ? [{ op: 'delete' as const, text: original }] : []),
      ...(rewritten ? [{ op: 'insert' as const, text: rewritten }] : []),
    ]
  );
}

/**
 * The script with every one-character unchanged island between two changes folded into the change ("把A改B"
 * reads better as one change than as three), each change written as one deletion followed by one insertion.
 */
export function foldIslands(ops: readonly DiffOp[]): DiffOp[] {
  const out: DiffOp[] = [];
  let del = '';
  let ins = '';
  const flush = () => {
    pushOp(out, 'delete', del);
    pushOp(out, 'insert', ins);
    del = '';
    ins = '';
  };
  ops.forEach((op, k) => {
    if (op.op === 'delete') del += op.text;
    else if (op.op === 'insert') ins += op.text;
    else if ([...op.text].length === 1 && k > 0 && k < ops.length - 1 && (del || ins)) {
      del += op.text;
      ins += op.text;
    } else {
      flush();
      pushOp(out, 'equal', op.text);
    }
  });
  flush();
  return out;
}

function pushOp(ops: DiffOp[], op: DiffOp['op'], text: string): void {
  if (!text) return;
  const last = ops.at(-1);
  if (last && last.op === op) last.text += text;
  else ops.push({ op, text });
}

/** The script over these units (compared by key), or undefined when it needs more than MAX_EDITS edits. */
function diffUnits(a: string[], b: string[], key: (unit: string) => string): DiffOp[] | undefined {
  const ka = a.map(key);
  const kb = b.map(key);
  let head = 0;
  while (head < a.length && head < b.length && ka[head] === kb[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    ka[a.length - 1 - tail] === kb[b.length - 1 - tail]
  )
    tail++;
  const steps = myers(ka.slice(head, a.length - tail), kb.slice(head, b.length - tail));
  if (!steps) return undefined;
  const ops: DiffOp[] = [];
  pushOp(ops, 'equal', a.slice(0, head).join(''));
  let i = head;
  let j = head;
  let inserted = '';
  for (const step of steps) {
    if (step === EQUAL) {
      pushOp(ops, 'insert', inserted);
      inserted = '';
      pushOp(ops, 'equal', a[i++]!);
      j++;
    } else if (step === DELETE) pushOp(ops, 'delete', a[i++]!);
    else inserted += b[j++]!;
  }
  pushOp(ops, 'insert', inserted);
  pushOp(ops, 'equal', a.slice(a.length - tail).join(''));
  return ops;
}

const EQUAL = 0;
const DELETE = 1;
const INSERT = 2;

/**
 * Myers' greedy shortest edit script from a to b, as steps in order, or undefined past MAX_EDITS edits. The
 * trace keeps, per edit count d, the furthest x on diagonals -d..d only (not the whole array).
 */
function myers(a: string[], b: string[]): Uint8Array | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  /** trace[d]: v after d - 1 edits, diagonals -(d - 1)..d - 1 (index k + d - 1). */
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d + 1, offset + d));
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
      if (x >= n && y >= m) return backtrack(trace, n, m, d);
    }
  }
  return undefined;
}

/** The steps of the path that reached (n, m) after `edits` edits, walked back through the trace. */
function backtrack(trace: Int32Array[], n: number, m: number, edits: number): Uint8Array {
  const steps: number[] = [];
  let x = n;
  let y = m;
  for (let d = edits; d > 0; d--) {
    const v = trace[d]!;
    const at = (k: number) => v[k + d - 1]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      steps.push(EQUAL);
    }
    if (x === prevX) {
      y--;
      steps.push(INSERT);
    } else {
      x--;
      steps.push(DELETE);
    }
  }
  while (x > 0 && y > 0) {
    x--;
    y--;
    steps.push(EQUAL);
  }
  return Uint8Array.from(steps.reverse());
}
