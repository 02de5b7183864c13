import type { CheckReport } from '@paperdesk/contracts';

const copied = '深度学习方法在图像识别领域取得了显著的进展';
const quoted = '“知识就是力量”';
const p1 = `随着计算能力的提升，${copied}，本文在此基础上提出一种新的特征融合框架。`;
const p2 = `正如培根所说，${quoted}[1]，本研究的数据来源于公开的实验记录。`;

/** The one library document the copied run is from. */
const SOURCE = { documentId: 7, title: '图像识别研究综述', author: '李四', source: '计算机学报', year: 2019 };

/** A small but complete report: two chapters, one copied run with its source, one quoted run. */
export function sampleReport(overrides: Partial<CheckReport> = {}): CheckReport {
  const copyStart = p1.indexOf(copied);
  const quoteStart = p2.indexOf(quoted);
  return {
    recordId: 42,
    title: '基于特征融合的图像识别方法研究',
    author: '张三',
    edition: 'professional',
    checkedAt: '2025-03-01T02:03:04.000Z',
    metrics: {
      totalRatio: copied.length / (p1.length + p2.length),
      excludingQuotesRatio: copied.length / (p1.length + p2.length),
      excludingOwnRatio: copied.length / (p1.length + p2.length),
      maxSingleRatio: copied.length / (p1.length + p2.length),
      maxSingleSource: SOURCE,
      overlapChars: copied.length,
      quotedChars: quoted.length,
      totalChars: p1.length + p2.length,
      paragraphCount: 2,
      suspectParagraphCount: 1,
      sourceCount: 1,
    },
    chapters: [
      {
        index: 0,
        title: '第一章 绪论',
        chars: p1.length,
        overlapChars: copied.length,
        quotedChars: 0,
        ratio: copied.length / p1.length,
      },
      {
        index: 1,
        title: '第二章 方法',
        chars: p2.length,
        overlapChars: 0,
        quotedChars: quoted.length,
        ratio: 0,
      },
    ],
    sources: [
      {
        index: 0,
        ...SOURCE,
        overlapChars: copied.length,
        ratio: copied.length / (p1.length + p2.length),
        own: false,
      },
    ],
    paragraphs: [
      {
        index: 0,
        kind: 'heading',
        level: 1,
        chapter: 0,
        text: '第一章 绪论',
        chars: 6,
        overlapChars: 0,
        quotedChars: 0,
        ratio: 0,
        spans: [],
      },
      {
        index: 1,
        kind: 'paragraph',
        level: null,
        chapter: 0,
        text: p1,
        chars: p1.length,
        overlapChars: copied.length,
        quotedChars: 0,
        ratio: copied.length / p1.length,
        spans: [
          {
            start: copyStart,
            end: copyStart + copied.length,
            kind: 'copy',
            source: 0,
            sourceStart: 10,
            sourceEnd: 10 + copied.length,
            sourceText: copied,
            similarity: 1,
          },
        ],
      },
      {
        index: 2,
        kind: 'heading',
        level: 1,
        chapter: 1,
        text: '第二章 方法',
        chars: 6,
        overlapChars: 0,
        quotedChars: 0,
        ratio: 0,
        spans: [],
      },
      {
        index: 3,
        kind: 'paragraph',
        level: null,
        chapter: 1,
        text: p2,
        chars: p2.length,
        overlapChars: 0,
        quotedChars: quoted.length,
        ratio: 0,
        spans: [
          {
            start: quoteStart,
            end: quoteStart + quoted.length,
            kind: 'quote',
            source: null,
            sourceStart: null,
            sourceEnd: null,
            sourceText: '',
            similarity: 1,
          },
        ],
      },
    ],
    library: { name: '公共比对库', documents: 1200, characters: 3_400_000 },
    elapsedMs: 12,
    ...overrides,
  };
}
