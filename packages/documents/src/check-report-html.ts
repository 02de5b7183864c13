import type { CheckReport, ReportParagraph } from '@paperdesk/contracts';
import { integrityLines } from './check-integrity.ts';
import { referenceChapter } from './check-references.ts';
import {
  checkReportIdentity,
  percent,
  ratioColor,
  reportNumber,
  segments,
  smallLibraryNotice,
  sourceLine,
  sourceTitle,
} from './format.ts';

const esc = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const num = (n: number) => n.toLocaleString('zh-CN');

const CSS = `
*{box-sizing:border-box}body{margin:0;background:#f5f7fa;color:#1f1f1f;font:14px/1.75 "PingFang SC","Noto Sans SC","Microsoft YaHei",system-ui,sans-serif}
.wrap{max-width:1080px;margin:0 auto;padding:24px 16px 48px}
.card{background:#fff;border:1px solid #e5e6eb;border-radius:10px;padding:20px 24px;margin-bottom:16px}
h1{font-size:22px;margin:0 0 4px;text-align:center}h2{font-size:16px;margin:0 0 12px;padding-left:10px;border-left:3px solid #1677ff}
.sub{color:#8c8c8c;text-align:center;margin-bottom:16px}.kv{display:grid;grid-template-columns:88px 1fr;gap:2px 8px}.kv dt{color:#8c8c8c}.kv dd{margin:0}
.metrics{display:grid;grid-template-columns:220px 1fr;gap:16px;align-items:center}.big{font-size:40px;font-weight:700;line-height:1.2}
.grid{display:grid;grid-template-columns:repeat(3,1fr);gap:12px}.grid div span{display:block;color:#8c8c8c;font-size:12px}.grid div b{font-size:18px}
table{width:100%;border-collapse:collapse}th,td{padding:8px 10px;border-bottom:1px solid #f0f0f0;text-align:left;vertical-align:top}th{background:#fafafa;font-weight:600}
td.n,th.n{text-align:right;white-space:nowrap}.muted{color:#8c8c8c;font-size:12px}
mark.copy{background:none;color:#d9363e}mark.quote{background:#fffbe6;color:#ad6800;text-decoration:underline}
.para{padding:10px 0;border-bottom:1px dashed #f0f0f0}.para h3{font-size:15px;margin:8px 0}.tag{font-size:12px;margin-bottom:2px}
.pairs{display:grid;grid-template-columns:1fr 1fr;gap:8px;margin-top:8px}.pairs>div{border:1px solid #f0f0f0;border-radius:6px;padding:8px 10px;font-size:13px}
.pairs .l{background:#fff1f0;color:#a8071a}.pairs .r{background:#f0f5ff}
.legend span{margin-right:16px}
@media (max-width:720px){.metrics{grid-template-columns:1fr}.grid{grid-template-columns:1fr 1fr}.pairs{grid-template-columns:1fr}}
@media print{body{background:#fff}.card{border:none;padding:8px 0}}
`;

function paragraphHtml(report: CheckReport, p: ReportParagraph): string {
  if (p.kind === 'heading') return `<div class="para"><h3>${esc(p.text)}</h3></div>`;
  const body = segments(p.text, p.spans)
    .map((s) => (s.kind === 'plain' ? esc(s.text) : `<mark class="${s.kind}">${esc(s.text)}</mark>`))
    .join('');
  const tag =
    p.overlapChars > 0 || p.quotedChars > 0
      ? `<div class="tag" style="color:${ratioColor(p.ratio)}">第 ${p.index + 1} 段 · 复制比 ${percent(p.ratio)} · 重合 ${num(p.overlapChars)} 字</div>`
      : '';
  const pairs = p.spans
    .filter((s) => s.kind === 'copy' && s.source !== null)
    .map((s) => {
      const src = s.source === null ? undefined : report.sources[s.source];
      const sim = s.similarity < 1 ? `（改写相似度 ${percent(s.similarity)}）` : '';
      return `<div class="l">${esc(p.text.slice(s.start, s.end))}</div><div class="r"><div class="muted">${
        src ? `《${esc(src.title)}》 ${esc(sourceLine(src))}` : ''
      }${sim}</div>${esc(s.sourceText)}</div>`;
    })
    .join('');
  return `<div class="para">${tag}<div>${body}</div>${pairs ? `<div class="pairs">${pairs}</div>` : ''}</div>`;
}

/** The whole report as one self-contained HTML page (inline CSS, no scripts, prints cleanly). */
function referencesHtml(report: CheckReport): string {
  const refs = referenceChapter(report);
  if (!refs) return '';
  const rows = refs.rows
    .map(
      (r) =>
        `<tr><td>${esc(r.no)}</td><td>${esc(r.entry)}${r.corrected ? `<div class="muted">改正：${esc(r.corrected)}</div>` : ''}</td><td>${esc(r.problems)}</td><td>${esc(r.verdict)}</td></tr>`,
    )
    .join('');
  return `<div class="card"><h2>参考文献核查</h2>${refs.lines.map((l) => `<div class="muted">${esc(l)}</div>`).join('')}${
    rows
      ? `<table><tr><th>序号</th><th>条目与改正</th><th>格式问题</th><th>核实</th></tr>${rows}</table>`
      : ''
  }</div>`;
}

export function renderCheckReportHtml(report: CheckReport, options: { productName?: string } = {}): string {
  const product = options.productName ?? 'PaperDesk 论文工作台';
  const m = report.metrics;
  const flags = integrityLines(report);
  const small = smallLibraryNotice(report);
  const byChapter = new Map<number, ReportParagraph[]>();
  for (const p of report.paragraphs) byChapter.set(p.chapter, [...(byChapter.get(p.chapter) ?? []), p]);
  const sources = [...report.sources].sort((a, b) => b.overlapChars - a.overlapChars);
  const src = m.maxSingleSource;
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(report.title)} — 文本复制检测报告</title><style>${CSS}</style></head>
<body><div class="wrap">
<div class="card"><h1>文本复制检测报告单</h1><div class="sub">${esc(product)} · No. ${reportNumber(report.recordId, report.checkedAt)}</div>
<dl class="kv">${checkReportIdentity(report)
    .map(([key, value]) => `<dt>${key}</dt><dd>${esc(value)}</dd>`)
    .join('\n')}</dl></div>
<div class="card metrics"><div><div class="muted">总文字复制比</div><div class="big" style="color:${ratioColor(m.totalRatio)}">${percent(m.totalRatio)}</div>
<div class="muted">重合字数 ${num(m.overlapChars)} / 总字数 ${num(m.totalChars)}</div></div>
<div><div class="grid">
<div><span>去除引用文献复制比</span><b>${percent(m.excludingQuotesRatio)}</b></div>
<div><span>去除本人文献复制比</span><b>${percent(m.excludingOwnRatio)}</b></div>
<div><span>单篇最大文字复制比</span><b>${percent(m.maxSingleRatio)}</b></div>
<div><span>重合字数</span><b>${num(m.overlapChars)}</b></div>
<div><span>引用字数</span><b>${num(m.quotedChars)}</b></div>
<div><span>疑似段落 / 段落数</span><b>${m.suspectParagraphCount} / ${m.paragraphCount}</b></div></div>
<div class="muted" style="margin-top:8px">单篇最大复制比来源：${src ? `《${esc(src.title)}》 ${esc(sourceLine(src))}` : '无'}</div></div></div>
${small ? `<div class="card" data-testid="small-library"><h2 style="color:#d9363e">${esc(small.title)}</h2><div class="muted">${esc(small.body)}</div></div>` : ''}
${flags.length > 0 ? `<div class="card"><h2>检测提示</h2>${flags.map((l) => `<div style="color:#d9363e;white-space:pre-wrap">${esc(l)}</div>`).join('')}</div>` : ''}
<div class="card"><h2>章节检测结果</h2><table><tr><th>章节</th><th class="n">字数</th><th class="n">重合字数</th><th class="n">复制比</th></tr>
${report.chapters
  .map(
    (c) =>
      `<tr><td>${esc(c.title || '（正文）')}</td><td class="n">${num(c.chars)}</td><td class="n">${num(c.overlapChars)}</td><td class="n" style="color:${ratioColor(c.ratio)}">${percent(c.ratio)}</td></tr>`,
  )
  .join('')}</table></div>
<div class="card"><h2>相似文献列表</h2>${
    sources.length === 0
      ? '<div class="muted">未发现相似文献。</div>'
      : `<table><tr><th>文献</th><th class="n">重合字数</th><th class="n">复制比</th></tr>${sources
          .map(
            (s) =>
              `<tr><td>${esc(sourceTitle(s))}<div class="muted">${esc(sourceLine(s))}</div></td><td class="n">${num(s.overlapChars)}</td><td class="n" style="color:${ratioColor(s.ratio)}">${percent(s.ratio)}</td></tr>`,
          )
          .join('')}</table>`
  }</div>
${referencesHtml(report)}
<div class="card"><h2>全文对照</h2><div class="legend muted"><span><mark class="copy">红色</mark>：疑似复制</span><span><mark class="quote">黄色</mark>：引用（已标注，或参考文献已列）</span></div>
${report.chapters
  .map(
    (c) =>
      `<div style="margin-top:16px;padding:6px 10px;background:#eef4ff;border-radius:6px"><b>${esc(c.title || '（正文）')}</b> <span class="muted" style="float:right;color:${ratioColor(c.ratio)}">复制比 ${percent(c.ratio)}</span></div>${(
        byChapter.get(c.index) ?? []
      )
        .filter((p) => !(p.kind === 'heading' && p.text.trim() === c.title.trim()))
        .map((p) => paragraphHtml(report, p))
        .join('')}`,
  )
  .join('')}</div>
<div class="card muted">说明：总文字复制比为与比对库文献重合的字数占总字数的比例；去除引用文献复制比不计已标注出处的引用；去除本人文献复制比不计与本人已入库文献的重合。本报告仅为文字重合比对结果，是否构成学术不端由相关机构认定。</div>
</div></body></html>`;
}
