/**
 * Character diff of a rewritten paragraph against its original (words for Latin text): the 改写对照 table of
 * renderRewriteDocx and the tracked revisions of rewriteDocx are both drawn from it.
 */

export interface DiffPiece {
  text: string;
  changed: boolean;
}

/** One step of the edit script: `equal` and `delete` carry original text, `insert` new text. */
export interface DiffOp {
  op: 'equal' | 'delete' | 'insert';
  text: string;
}

export interface DiffOptions {
  /** Whitespace runs compare equal whatever they hold (an `equal` op keeps the original's). */
  looseSpace?: boolean;
}

/** Above this many LCS cells a paragraph pair is compared sentence by sentence instead of token by token. */
const MAX_DIFF_CELLS = 4_000_000;
const TOKEN = /[A-Za-z0-9]+|\s+|[\s\S]/gu;
const SENTENCE = /[^。！？；!?;\n]+[。！？；!?;\n]*|[。！？；!?;\n]+/gu;
const SPACE = /^\s+$/u;

function lcsTable(a: readonly string[], b: readonly string[]): Uint32Array {
  const width = b.length + 1;
  const table = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * width + j] =
        a[i] === b[j]
          ? (table[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(table[(i + 1) * width + j] ?? 0, table[i * width + j + 1] ?? 0);
    }
  }
  return table;
}

function pushOp(ops: DiffOp[], op: DiffOp['op'], text: string): void {
  if (!text) return;
  const last = ops.at(-1);
  if (last && last.op === op) last.text += text;
  else ops.push({ op, text });
}

/**
 * The edit script from `original` to `rewritten`: an LCS over characters (words for Latin text) between the common
 * head and tail, or over sentences when the middle is too long for that. Deletions come before insertions.
 */
export function diffOps(original: string, rewritten: string, options: DiffOptions = {}): DiffOp[] {
  const split = (text: string, unit: RegExp) => text.match(unit) ?? [];
  let a = split(original, TOKEN);
  let b = split(rewritten, TOKEN);
  if (a.length * b.length > MAX_DIFF_CELLS) {
    a = split(original, SENTENCE);
    b = split(rewritten, SENTENCE);
  }
  // tokens are compared by key; `a` (the original) is what equal ops write
  const key = (t: string) => (options.looseSpace && SPACE.test(t) ? ' ' : t);
  const ka = a.map(key);
  const kb = b.map(key);
  const ops: DiffOp[] = [];
  let head = 0;
  while (head < a.length && head < b.length && ka[head] === kb[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    ka[a.length - 1 - tail] === kb[b.length - 1 - tail]
  )
    tail++;
  pushOp(ops, 'equal', a.slice(0, head).join(''));
  const midA = ka.slice(head, a.length - tail);
  const midB = kb.slice(head, b.length - tail);
  const rawA = a.slice(head, a.length - tail);
  const rawB = b.slice(head, b.length - tail);
  if (midA.length * midB.length > MAX_DIFF_CELLS) {
    // thousands of differing sentences on both sides: mark the whole middle rather than stall
    pushOp(ops, 'delete', rawA.join(''));
    pushOp(ops, 'insert', rawB.join(''));
  } else {
    const table = lcsTable(midA, midB);
    const width = midB.length + 1;
    let i = 0;
    let j = 0;
    const pendingInsert: string[] = [];
    const flush = () => {
      pushOp(ops, 'insert', pendingInsert.join(''));
      pendingInsert.length = 0;
    };
    while (i < midA.length || j < midB.length) {
      if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
        flush();
        pushOp(ops, 'equal', rawA[i++] ?? '');
        j++;
      } else if (
        j < midB.length &&
        (i === midA.length || (table[i * width + j + 1] ?? 0) >= (table[(i + 1) * width + j] ?? 0))
      ) {
        pendingInsert.push(rawB[j++] ?? '');
      } else {
        pushOp(ops, 'delete', rawA[i++] ?? '');
      }
    }
    flush();
  }
  pushOp(ops, 'equal', a.slice(a.length - tail).join(''));
  return ops;
}

/**
 * The script with every one-character unchanged sliver between two changes folded into the change (it reads as
 * noise in Chinese), and each change written as one deletion followed by one insertion.
 */
export function foldDiffOps(ops: readonly DiffOp[]): DiffOp[] {
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

function pushPiece(pieces: DiffPiece[], text: string, changed: boolean): void {
  const last = pieces.at(-1);
  if (last && last.changed === changed) last.text += text;
  else pieces.push({ text, changed });
}

/** A one-character unchanged run between two changes reads as noise in Chinese: fold it into the change. */
function foldSlivers(pieces: DiffPiece[]): DiffPiece[] {
  const out: DiffPiece[] = [];
  pieces.forEach((piece, k) => {
    const sliver =
      !piece.changed && [...piece.text].length === 1 && pieces[k - 1]?.changed && pieces[k + 1]?.changed;
    pushPiece(out, piece.text, piece.changed || Boolean(sliver));
  });
  return out;
}

/** Which parts of `original` were removed and which parts of `rewritten` are new (see diffOps). */
export function diffRewrite(
  original: string,
  rewritten: string,
): { original: DiffPiece[]; rewritten: DiffPiece[] } {
  const out = { original: [] as DiffPiece[], rewritten: [] as DiffPiece[] };
  for (const { op, text } of diffOps(original, rewritten)) {
    if (op !== 'insert') pushPiece(out.original, text, op === 'delete');
    if (op !== 'delete') pushPiece(out.rewritten, text, op === 'insert');
  }
  return { original: foldSlivers(out.original), rewritten: foldSlivers(out.rewritten) };
}
