/**
 * The reference numbers a written section cites ([3], [1,2], [4-6]), each once, in the order first cited: the
 * section's "which sources it used" under its text. Only numbers the list has (1…`listed`) count.
 */
export function citedNumbers(text: string, listed: number): number[] {
  const out: number[] = [];
  const add = (n: number) => {
    if (n >= 1 && n <= listed && !out.includes(n)) out.push(n);
  };
  for (const m of text.matchAll(/\[(\d{1,4}(?:\s*[,，、\-–]\s*\d{1,4})*)\]/g)) {
    for (const part of (m[1] ?? '').split(/\s*[,，、]\s*/)) {
      const range = /^(\d+)\s*[-–]\s*(\d+)$/.exec(part);
      if (!range) add(Number(part));
      else for (let n = Number(range[1]); n <= Math.min(Number(range[2]), listed); n++) add(n);
    }
  }
  return out;
}
