import { diffText } from '@paperdesk/textkit';

/**
 * Both sides of a rewritten paragraph against its original, with the changed pieces marked (the 改写对照 table of
 * renderRewriteDocx), from the project's one text diff (textkit; a run of Latin letters is one unit).
 */

export interface DiffPiece {
  text: string;
  changed: boolean;
}

function pushPiece(pieces: DiffPiece[], text: string, changed: boolean): void {
  const last = pieces.at(-1);
  if (last && last.changed === changed) last.text += text;
  else pieces.push({ text, changed });
}

/**
 * A one-character unchanged run between two changes reads as noise in Chinese: fold it into the change. Done
 * per side (unlike textkit's foldIslands over the script), so a side marks only what changed on it.
 */
function foldSlivers(pieces: DiffPiece[]): DiffPiece[] {
  const out: DiffPiece[] = [];
  pieces.forEach((piece, k) => {
    const sliver =
      !piece.changed && [...piece.text].length === 1 && pieces[k - 1]?.changed && pieces[k + 1]?.changed;
    pushPiece(out, piece.text, piece.changed || Boolean(sliver));
  });
  return out;
}

/** Which parts of `original` were removed and which parts of `rewritten` are new. */
export function diffRewrite(
  original: string,
  rewritten: string,
): { original: DiffPiece[]; rewritten: DiffPiece[] } {
  const out = { original: [] as DiffPiece[], rewritten: [] as DiffPiece[] };
  for (const { op, text } of diffText(original, rewritten, { units: 'words' })) {
    if (op !== 'insert') pushPiece(out.original, text, op === 'delete');
    if (op !== 'delete') pushPiece(out.rewritten, text, op === 'insert');
  }
  return { original: foldSlivers(out.original), rewritten: foldSlivers(out.rewritten) };
}
