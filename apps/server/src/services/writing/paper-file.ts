import {
  type PaperContent,
  type PaperContentNode,
  REFERENCES_NOTICE,
  type ThesisCover,
} from '@paperdesk/contracts';
import type { PaperDocument, PaperSection } from '@paperdesk/documents';
import { renderDownload } from '../records/render.ts';

/** The written paper as the .docx users download (documents' `renderPaperDocx` lays it out). */

const toSections = (nodes: PaperContentNode[]): PaperSection[] =>
  nodes.map((n) => ({
    heading: n.heading,
    ...(n.content ? { paragraphs: n.content.split('\n') } : {}),
    ...(n.children.length ? { children: toSections(n.children) } : {}),
  }));

export function paperDocument(
  paper: PaperContent,
  cover: ThesisCover | null,
  at = new Date(),
): PaperDocument {
  const beijing = new Date(at.getTime() + 8 * 3600_000);
  return {
    kind: paper.kind,
    title: paper.title,
    ...(cover
      ? {
          cover: {
            ...cover,
            degree: '本科毕业论文（设计）',
            date: `${beijing.getUTCFullYear()}年${beijing.getUTCMonth() + 1}月`,
          },
        }
      : {}),
    abstract: paper.abstract ?? '',
    keywords: paper.keywords,
    ...(paper.abstractEn ? { abstractEn: paper.abstractEn, keywordsEn: paper.keywordsEn } : {}),
    // The notice travels with the file: the references are the model's and must be checked.
    sections: [
      ...toSections(paper.sections),
      { heading: '关于参考文献的说明', paragraphs: [REFERENCES_NOTICE] },
    ],
    references: paper.references,
  };
}

const fileSafe = (s: string) => s.replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 80);

export async function paperFile(paper: PaperContent, cover: ThesisCover | null) {
  return {
    body: await renderDownload({ kind: 'paper-docx', document: paperDocument(paper, cover) }),
    filename: `${fileSafe(paper.title)}.docx`,
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  };
}
