const CN_NUM = '[一二三四五六七八九十百零〇两]+';
const SECTION_WORDS =
  /^(摘要|abstract|关键词|关键字|目录|引言|前言|绪论|导论|概述|结论|结语|总结|结论与展望|总结与展望|致谢|谢辞|参考文献|references|bibliography|附录|注释)$/i;

const PATTERNS: Array<[RegExp, number]> = [
  [new RegExp(`^第${CN_NUM}章`), 1],
  [/^第\d+章/, 1],
  [new RegExp(`^第${CN_NUM}[节部分]`), 2],
  [/^第\d+节/, 2],
  [new RegExp(`^${CN_NUM}[、.．]\\s*\\S`), 1],
  [new RegExp(`^[（(]${CN_NUM}[）)]\\s*\\S`), 2],
  [/^\d+(\.\d+){3}(?!\d)\s*\S/, 4],
  [/^\d+(\.\d+){2}(?!\d)\s*\S/, 3],
  [/^\d+\.\d+(?!\d)\s*\S/, 2],
  [/^\d+\s+\S/, 1],
  [/^(chapter|section)\s+\d+/i, 1],
];

/**
 * Heading level (1-4) of a line of plain text (txt, pdf, unstyled docx paragraph), or 0 when it reads as body
 * text. Headings are short and do not end like sentences.
 */
export function headingLevel(line: string): number {
  const s = line.trim();
  if (s.length === 0 || s.length > 40) return 0;
  if (/[。；，,;：:、？?！!]$/.test(s)) return 0;
  const compact = s.replace(/\s+/g, '');
  if (SECTION_WORDS.test(compact) || SECTION_WORDS.test(s)) return 1;
  if (/^(摘要|abstract)\s*[:：]/i.test(s)) return 0;
  for (const [re, level] of PATTERNS) {
    if (re.test(s)) {
      // "1 000 吨" or "2020 年" are not headings: a numbered heading has a short number and then words
      if (level <= 2 && /^\d{3,}/.test(s)) return 0;
      if (/[。.]\s*\S/.test(s.replace(/^[\d.．\s]+/, '')) && s.length > 25) return 0;
      return level;
    }
  }
  return 0;
}
