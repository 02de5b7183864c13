import JSZip from 'jszip';
import type { FakeReply, FakeRequest } from '../fakes/openai-server.ts';

/**
 * Scripted model answers for the writing tests, chosen by the task marker each prompt starts with.
 * Section text names its own number and heading, so tests can see which section was asked for when.
 */

export const OUTLINE = {
  chapters: [
    {
      title: '第一章 绪论',
      brief: '提出问题与研究意义',
      children: [
        { title: '研究背景', brief: '数字化转型的现状' },
        { title: '研究意义', brief: '理论与实践意义' },
      ],
    },
    { title: '理论基础', brief: '核心概念与理论', children: [{ title: '核心概念', brief: '界定概念' }] },
    { title: '结论与展望', brief: '总结全文' },
  ],
};
/** Leaf paths of OUTLINE in writing order. */
export const LEAF_PATHS = ['1.1', '1.2', '2.1', '3'];

export const promptOf = (req: FakeRequest) => req.messages.at(-1)?.content ?? '';
export const taskOf = (req: FakeRequest) => /【任务：(.+?)】/.exec(promptOf(req))?.[1] ?? '';
/** `1.2` from a section prompt. */
export const sectionPathOf = (req: FakeRequest) => /【任务：撰写章节】(\S+)/.exec(promptOf(req))?.[1] ?? '';

export const sectionText = (path: string) =>
  `这是第${path}节的正文，讨论了城市数字治理中的协同机制与实施路径，并与前文相互衔接。\n\n第${path}节第二段：进一步分析了制度环境与技术条件对治理效能的影响。`;

export function writer(req: FakeRequest): FakeReply {
  const task = taskOf(req);
  if (task === '生成大纲') return { chunks: [JSON.stringify(OUTLINE)] };
  if (task === '摘要') {
    const thesis = promptOf(req).includes('abstractEn');
    return {
      chunks: [
        '```json\n',
        JSON.stringify({
          abstract: '本文围绕城市数字治理展开研究，分析了协同机制与实施路径，提出了对策建议。',
          keywords: ['数字治理', '协同机制', '城市'],
          ...(thesis
            ? {
                abstractEn:
                  'This thesis studies digital governance of cities and its coordination mechanisms.',
                keywordsEn: ['digital governance', 'coordination'],
              }
            : {}),
        }),
        '\n```',
      ],
    };
  }
  if (task === '撰写章节') return { chunks: [sectionText(sectionPathOf(req))] };
  return { status: 400, error: `unexpected prompt: ${promptOf(req).slice(0, 40)}` };
}

/** The visible text of a .docx (paragraph texts joined by newlines). */
export async function docxText(data: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(data);
  const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
  return xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** A complete thesis cover (every field the .docx prints). */
export const THESIS_COVER = {
  school: '华东理工大学',
  college: '商学院',
  major: '公共事业管理',
  className: '管理2101',
  student: '王小明',
  studentId: '20210001',
  supervisor: '李教授',
};

export const draft = (over: Record<string, unknown> = {}) => ({
  title: '城市数字治理的协同机制研究',
  paperType: 'course',
  discipline: '公共管理',
  targetWords: 3000,
  keywords: '数字治理, 协同',
  ...over,
});

// Written for these tests: entries on the writing tests' topic, as a reference manager exports them.
export const BIBTEX_ARTICLE = `@article{wang2022,
  author = {王五 and 孙八},
  title = {城市数字治理中的协同机制与数据共享},
  journal = {公共管理学报},
  year = {2022},
  volume = {19},
  number = {3},
  pages = {1--15}
}
`;
export const BIBTEX_BOOK = `@book{li2019,
  author = {Li, Lei},
  title = {Digital Governance of Cities: Coordination and Data Sharing},
  publisher = {Springer},
  address = {Cham},
  year = {2019}
}
`;
