import { Outline, type OutlineNode, type PaperType, WRITING_LIMITS } from '@paperdesk/contracts';
import { z } from 'zod';

/** Parsing what the model answers, and the outline in the forms the job and the pages need. */

export const PAPER_TYPE_NAMES: Record<PaperType, string> = {
  course: '课程论文',
  journal: '期刊论文',
  thesis: '毕业论文',
};

/** The JSON object in a model answer: code fences and chatter around it are ignored. */
export function extractJson(text: string): unknown {
  const unfenced = text.replace(/```(?:json)?/gi, '');
  const start = unfenced.search(/[[{]/);
  const end = Math.max(unfenced.lastIndexOf('}'), unfenced.lastIndexOf(']'));
  if (start < 0 || end <= start) throw new Error('回答中没有 JSON');
  return JSON.parse(unfenced.slice(start, end + 1));
}

/** Numbering the model typed anyway (第一章 / 1.2 / 一、 / (1)): the writer numbers headings itself. */
export const stripNumbering = (title: string) =>
  title
    .replace(
      /^\s*(第[一二三四五六七八九十百\d]+[章节部分篇]|\d+(?:[.．]\d+)*(?:[.．、]|(?=\s))|[一二三四五六七八九十]+[、.．]|[(（]\d+[)）])\s*/u,
      '',
    )
    .trim();

const ModelNode: z.ZodType<{ title: string; brief?: string; children?: unknown[] }> = z.lazy(() =>
  z.object({
    title: z.string().min(1),
    brief: z.string().optional(),
    children: z.array(ModelNode).optional(),
  }),
) as z.ZodType<{ title: string; brief?: string; children?: unknown[] }>;
const ModelOutline = z.union([z.object({ chapters: z.array(ModelNode).min(1) }), z.array(ModelNode).min(1)]);

type ModelNodeValue = { title: string; brief?: string; children?: unknown[] };

function tidy(nodes: ModelNodeValue[], depth: number): OutlineNode[] {
  return nodes.slice(0, depth === 1 ? WRITING_LIMITS.maxChapters : WRITING_LIMITS.maxChildren).map((n) => {
    const children =
      depth < WRITING_LIMITS.maxDepth && n.children?.length
        ? tidy(n.children as ModelNodeValue[], depth + 1)
        : [];
    return {
      title: stripNumbering(n.title).slice(0, 60) || n.title.trim().slice(0, 60),
      brief: (n.brief ?? '').trim().slice(0, 300),
      ...(children.length ? { children } : {}),
    };
  });
}

/** The model's outline answer as a valid outline; throws with a short reason when it is not one. */
export function parseOutlineAnswer(text: string): OutlineNode[] {
  const parsed = ModelOutline.safeParse(extractJson(text));
  if (!parsed.success) throw new Error('大纲 JSON 结构不符合要求');
  const nodes = Array.isArray(parsed.data) ? parsed.data : parsed.data.chapters;
  const outline = Outline.safeParse(tidy(nodes, 1));
  if (!outline.success) throw new Error(outline.error.issues[0]?.message ?? '大纲不合法');
  return outline.data;
}

export interface FlatSection {
  ord: number;
  path: string;
  level: number;
  heading: string;
  brief: string;
  leaf: boolean;
}

/** The outline in writing order (depth first), numbered 1 / 1.1 / 1.1.1. */
export function flattenOutline(outline: OutlineNode[]): FlatSection[] {
  const out: FlatSection[] = [];
  const walk = (nodes: OutlineNode[], prefix: string, level: number) => {
    nodes.forEach((n, i) => {
      const path = prefix ? `${prefix}.${i + 1}` : String(i + 1);
      const leaf = !n.children?.length;
      out.push({ ord: out.length, path, level, heading: n.title, brief: n.brief, leaf });
      if (!leaf) walk(n.children ?? [], path, level + 1);
    });
  };
  walk(outline, '', 1);
  return out;
}

/** The outline as indented lines for prompts: `1 绪论：要点` / `  1.1 研究背景：要点`. */
export function outlineText(sections: Pick<FlatSection, 'path' | 'level' | 'heading' | 'brief'>[]): string {
  return sections
    .map((s) => `${'  '.repeat(s.level - 1)}${s.path} ${s.heading}${s.brief ? `：${s.brief}` : ''}`)
    .join('\n');
}

/**
 * A section answer as paragraphs: fences, Markdown headings and emphasis, and a repeated heading line
 * are dropped. Empty when nothing usable is left.
 */
export function cleanSectionText(text: string, heading: string): string[] {
  const lines = text
    .replace(/```[a-z]*\n?/gi, '')
    .split(/\r?\n/)
    .map((l) => l.replace(/\*\*|__/g, '').trim())
    .filter((l) => l.length > 0 && !/^#{1,6}\s/.test(l));
  const isHeading = (l: string) => stripNumbering(l).replace(/[：:]$/, '') === heading;
  while (lines.length && isHeading(lines[0]!)) lines.shift();
  return lines;
}
