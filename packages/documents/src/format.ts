import {
  type CheckReport,
  type ReportSource,
  type ReportSpan,
  SMALL_LIBRARY_DOCUMENTS,
} from '@paperdesk/contracts';

/** 0.1234 -> "12.3%" (知网 prints one decimal). */
export function percent(ratio: number): string {
  return `${(Math.round(ratio * 1000) / 10).toFixed(1)}%`;
}

/** ISO-8601 UTC -> "2025-01-02 03:04:05" in Beijing time (the UI's time zone). */
export function beijingTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export const editionLabel = (edition: string): string => (edition === 'professional' ? '专业版' : '普通版');

/** Report number printed on every page: stable for a record and its check time. */
export function reportNumber(recordId: number, checkedAt: string): string {
  const day = beijingTime(checkedAt).slice(0, 10).replaceAll('-', '');
  return `PD${day}-${String(recordId).padStart(6, '0')}`;
}

export interface Segment {
  text: string;
  kind: 'plain' | 'copy' | 'quote';
  span?: ReportSpan;
}

/**
 * Cut a paragraph into plain / copy / quote runs. Spans are sorted and clipped so that overlapping or
 * out-of-range spans (which a report should not have, but a renderer must survive) never repeat text.
 */
export function segments(text: string, spans: readonly ReportSpan[]): Segment[] {
  const sorted = [...spans]
    .map((s) => ({
      ...s,
      start: Math.max(0, Math.min(text.length, s.start)),
      end: Math.max(0, Math.min(text.length, s.end)),
    }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Segment[] = [];
  let pos = 0;
  for (const s of sorted) {
    const start = Math.max(s.start, pos);
    if (start >= s.end) continue;
    if (start > pos) out.push({ text: text.slice(pos, start), kind: 'plain' });
    out.push({ text: text.slice(start, s.end), kind: s.kind, span: s });
    pos = s.end;
  }
  if (pos < text.length) out.push({ text: text.slice(pos), kind: 'plain' });
  return out;
}

/** Shorten long text for side-by-side tables, keeping both ends readable. */
export function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const head = Math.ceil((max - 1) * 0.6);
  return `${t.slice(0, head)}……${t.slice(t.length - (max - 1 - head))}`;
}

/** Paragraph colour by ratio, as 知网 does it: red ≥ 50%, orange ≥ 20%, green otherwise. */
export function ratioColor(ratio: number): string {
  if (ratio >= 0.5) return '#d9363e';
  if (ratio >= 0.2) return '#d46b08';
  if (ratio > 0) return '#389e0d';
  return '#8c8c8c';
}

export function sourceLine(s: {
  title: string;
  author: string;
  source: string;
  year: number | null;
}): string {
  return [s.author, s.source, s.year ? String(s.year) : ''].filter(Boolean).join(' · ');
}

/** A similar document's title with what it counts as (本人文献, 自建库, an already cited reference). */
export function sourceTitle(s: ReportSource): string {
  const own = s.own ? (s.ownByDeclaration ? '（本人文献：依作者声明）' : '（本人文献）') : '';
  return `${s.title}${own}${s.personal ? '（自建库）' : ''}${s.cited ? '（参考文献已列，计为引用）' : ''}`;
}

/** The identity lines of a check report (篇名 … 比对库), the same in its PDF and its HTML. */
export function checkReportIdentity(report: CheckReport): Array<[string, string]> {
  const library = report.library;
  return [
    ['篇名', report.title],
    ['作者', report.author || '—'],
    ['检测版本', editionLabel(report.edition)],
    ['检测时间', beijingTime(report.checkedAt)],
    [
      '比对库',
      `${library.name ? `${library.name}：` : ''}${library.documents.toLocaleString('zh-CN')} 篇，${library.characters.toLocaleString('zh-CN')} 字（检测时）${library.personal ? `；本人自建库 ${library.personal.documents} 篇` : ''}`,
    ],
  ];
}

/**
 * The warning the report page shows when the library is small (issue 26 item 5), worded the same for the PDF and
 * the HTML report: a low 复制比 against a few thousand abstracts does not promise a low one at school.
 */
export function smallLibraryNotice(report: CheckReport): { title: string; body: string } | null {
  const { documents, characters } = report.library;
  if (documents >= SMALL_LIBRARY_DOCUMENTS) return null;
  const docs = documents.toLocaleString('en-US');
  return {
    title: `本站比对库仅 ${docs} 篇，复制比偏低不代表学校系统的结果也低`,
    body: `本次与 ${docs} 篇文献（共 ${characters.toLocaleString('en-US')} 字）比对，得出复制比 ${percent(report.metrics.totalRatio)}。学校使用的知网等系统收录数千万篇期刊、学位论文与网络文献；本站库中没有的文献（尤其是本文所在领域收录很少时）不会被检出，所以低复制比可能只是因为比对库小。`,
  };
}

/**
 * The passages a check report marks as copied, as textkit's readCheckerReport returns them for our own reports:
 * each copy segment of a body paragraph with the paragraph's 复制比 (to 0.1 %, as printed) and its source's title.
 */
export function flaggedSpans(report: CheckReport): Array<{ text: string; ratio: number; source?: string }> {
  return report.paragraphs
    .filter((p) => p.kind === 'paragraph')
    .flatMap((p) =>
      segments(p.text, p.spans)
        .filter((s) => s.kind === 'copy')
        .map((s) => {
          const source = s.span?.source == null ? undefined : report.sources[s.span.source]?.title;
          const ratio = Math.round(p.ratio * 1000) / 1000;
          return source === undefined ? { text: s.text, ratio } : { text: s.text, ratio, source };
        }),
    );
}
