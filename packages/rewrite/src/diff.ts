import { diffText, foldIslands } from '@paperdesk/textkit';

/** A replaced stretch of `a`: a[start, end) became `replacement`. */
export interface Hunk {
  start: number;
  end: number;
  replacement: string;
}

/**
 * Character-level difference of two strings as replacement hunks in `a` (applying them in order gives `b`), from
 * the project's one text diff (textkit). Hunks separated by a single unchanged character are merged, so a reader
 * sees words rather than fragments.
 */
export function diffHunks(a: string, b: string): Hunk[] {
  const hunks: Hunk[] = [];
  let at = 0;
  let open: Hunk | undefined;
  for (const { op, text } of foldIslands(diffText(a, b))) {
    if (op === 'equal') {
      open = undefined;
      at += text.length;
      continue;
    }
    if (!open) {
      open = { start: at, end: at, replacement: '' };
      hunks.push(open);
    }
    if (op === 'delete') {
      at += text.length;
      open.end = at;
    } else open.replacement += text;
  }
  return hunks;
}
