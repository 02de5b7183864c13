/** A pasted paper's default title: its first non-empty line, cut at 30 characters (the server keeps 200). */
export function firstWords(text: string): string {
  const line =
    text
      .split('\n')
      .find((l) => l.trim())
      ?.trim() ?? '';
  return line.length > 30 ? `${line.slice(0, 30)}…` : line;
}
