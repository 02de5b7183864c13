import type { CheckReport } from '@paperdesk/contracts';
import { clip } from './format.ts';

/** Flags of the check report (疑似字符替换, 隐藏文字) as printed lines, shared by the PDF and HTML reports. */

const TRICK_NAMES = {
  radical: '康熙部首',
  compatibility: '兼容汉字',
  lookalike: '形近字母或假名',
  invisible: '不可见字符',
} as const;
const HIDDEN_NAMES = { vanish: '隐藏格式', white: '白色字体', tiny: '极小字号' } as const;

/** The report's integrity flags as printed lines: what was found, where, and what the check did about it. */
export function integrityLines(report: CheckReport): string[] {
  const f = report.integrity;
  if (!f) return [];
  const lines: string[] = [];
  if (f.substitutedChars + f.invisibleChars > 0) {
    const parts = [
      f.substitutedChars > 0 ? `${f.substitutedChars} 个形近替换字符` : '',
      f.invisibleChars > 0 ? `${f.invisibleChars} 个夹在文字间的不可见字符` : '',
    ].filter(Boolean);
    lines.push(`疑似字符替换：发现${parts.join('、')}；比对时已还原为原字，不影响检测结果。`);
    for (const t of f.tricks.slice(0, 8)) {
      const text = report.paragraphs[t.paragraph]?.text ?? '';
      const context = clip(
        text.slice(Math.max(0, t.start - 6), t.end + 6).replace(/[\u200b-\u200f\u2060-\u206f\ufeff]/g, '·'),
        40,
      );
      lines.push(
        `  · 第 ${t.paragraph + 1} 段（${TRICK_NAMES[t.kind]}${t.reads ? `，实为“${t.reads}”` : ''}）：${context}`,
      );
    }
  }
  if (f.hiddenChars > 0) {
    const how = f.hiddenReasons.map((r) => HIDDEN_NAMES[r]).join('、');
    const samples = f.hiddenSamples.map((s) => `“${clip(s, 20)}”`).join('、');
    lines.push(
      `隐藏文字：文档中有 ${f.hiddenChars} 字以${how}写入的文字，已从检测文本中去除。示例：${samples}`,
    );
  }
  return lines;
}
