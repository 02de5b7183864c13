import type { CheckReport, ReferenceEntryCheck } from '@paperdesk/contracts';

/** The 参考文献核查 chapter of a check report as printed text, shared by the PDF and HTML reports. */

export interface ReferenceRow {
  no: string;
  entry: string;
  verdict: string;
  problems: string;
  corrected: string;
}

function verdictText(e: ReferenceEntryCheck): string {
  const v = e.verdict;
  if (v.status === 'verified') return `已核实（${v.source}：${v.record.title}）`;
  if (v.status === 'mismatch')
    return `信息不符：${v.differences.join('、')}（${v.source}：${v.record.title}）`;
  return '未能核实';
}

/** Summary lines (what was found, what was searched, citation consistency) and one row per entry. */
export function referenceChapter(report: CheckReport): { lines: string[]; rows: ReferenceRow[] } | null {
  const r = report.references;
  if (!r) return null;
  if (!r.found) return { lines: [r.message], rows: [] };
  const s = r.summary;
  const lines = [
    `共 ${s.total} 条（GB/T 7714-${r.standard}）：已核实 ${s.verified}，信息不符 ${s.mismatch}，未能核实 ${s.unverified}；${s.withProblems} 条有格式问题。`,
    `核实检索范围：${r.searched.join('、') || '无可用来源'}${r.unavailable.length ? `；未能访问：${r.unavailable.join('、')}` : ''}。“未能核实”只表示在这些来源中没有找到，不等于文献不存在。`,
  ];
  const c = r.citations;
  if (c) {
    if (c.missingEntries.length) lines.push(`正文引用了列表中没有的序号：${c.missingEntries.join('、')}`);
    if (c.uncited.length) lines.push(`正文未引用的条目：${c.uncited.join('、')}`);
    if (c.outOfOrder.length) lines.push(`顺序编码制下首次引用顺序颠倒：${c.outOfOrder.join('、')}`);
    if (c.unmatchedAuthorYear.length)
      lines.push(`找不到对应条目的引用：${c.unmatchedAuthorYear.slice(0, 10).join('、')}`);
  }
  const rows = r.entries.map((e) => ({
    no: e.number !== null ? `[${e.number}]` : String(e.index),
    entry: e.raw,
    verdict: verdictText(e),
    problems: e.problems.map((p) => p.message).join('；') || '无',
    corrected: e.problems.length ? e.corrected : '',
  }));
  return { lines, rows };
}
