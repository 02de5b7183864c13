import {
  PPT_OUTLINE_LIMITS,
  PPT_SCENE_LABELS,
  type PptOutline,
  type PptScene,
  type PptSlidePreview,
} from '@paperdesk/contracts';
import type { Deck, Slide } from '@paperdesk/documents';
import { z } from 'zod';
import { unavailable } from '../../errors.ts';
import { type LlmMessage, prompts, promptTag, render } from '../../integrations/llm/index.ts';
import type { Llm } from '../llm-usage.ts';

/** What the model is asked about: the record's request and, for slides, its outline. */
export interface DeckRequest {
  userId: number;
  topic: string;
  speaker: string;
  scene: PptScene;
  slideCount: number;
  sourceText: string;
}

/** A stored record's request (any row with these columns). */
export const requestOf = (r: DeckRequest): DeckRequest => ({
  userId: r.userId,
  topic: r.topic,
  speaker: r.speaker,
  scene: r.scene,
  slideCount: r.slideCount,
  sourceText: r.sourceText,
});

export const PROMPT_TAGS = `${promptTag(prompts.pptOutline)},${promptTag(prompts.pptSection)}`;

/** The model's reply did not match the format even after one retry. */
export class ModelFormatError extends Error {}

/** The JSON object in a reply: code fences and chatter around it are ignored. */
function jsonOf(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) throw new Error('回复中没有 JSON 对象');
  return JSON.parse(text.slice(start, end + 1));
}

/**
 * One model call whose answer must parse as `schema`. An answer that does not is shown back to the
 * model with what was wrong and asked once more; a second bad answer throws ModelFormatError.
 */
async function completeJson<T>(
  llm: Llm,
  req: { userId: number; prompt: string; maxTokens: number; signal?: AbortSignal | undefined },
  schema: z.ZodType<T>,
): Promise<T> {
  const messages: LlmMessage[] = [{ role: 'user', content: req.prompt }];
  let problem = '';
  for (let attempt = 1; attempt <= 2; attempt++) {
    const { text } = await llm.complete({
      feature: 'ppt',
      messages,
      userId: req.userId,
      maxTokens: req.maxTokens,
      temperature: 0.4,
      signal: req.signal,
    });
    try {
      const parsed = schema.safeParse(jsonOf(text));
      if (parsed.success) return parsed.data;
      problem = z.prettifyError(parsed.error).slice(0, 300);
    } catch (err) {
      problem = err instanceof Error ? err.message : String(err);
    }
    messages.push(
      { role: 'assistant', content: text.slice(0, 4000) },
      { role: 'user', content: `上面的输出不符合要求（${problem}）。请只输出符合格式的 JSON。` },
    );
  }
  throw new ModelFormatError(`AI 模型返回的内容格式有误（${problem}）`);
}

const clip = (max: number) => z.string().transform((s) => s.trim().slice(0, max));
const line = clip(PPT_OUTLINE_LIMITS.text).pipe(z.string().min(1));

/** The outline as the model answers it; over-long lists are cut to the limits the page enforces. */
const ModelOutline = z.object({
  sections: z
    .array(
      z.object({
        title: line,
        points: z.array(line).transform((p) => p.slice(0, PPT_OUTLINE_LIMITS.points)),
      }),
    )
    .min(1)
    .transform((s) => s.slice(0, PPT_OUTLINE_LIMITS.sections)),
});

const title = clip(60).pipe(z.string().min(1));
const cell = z.union([z.string(), z.number()]).transform((v) => String(v).trim().slice(0, 80));
const ModelSlide = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('bullets'),
    title,
    bullets: z
      .array(clip(200).pipe(z.string().min(1)))
      .min(1)
      .max(10),
  }),
  z.object({
    type: z.literal('highlight'),
    title,
    text: clip(400).pipe(z.string().min(1)),
    figure: z.object({ value: clip(20), label: clip(40) }).nullish(),
  }),
  z.object({
    type: z.literal('table'),
    title,
    header: z.array(cell).min(2).max(6),
    rows: z.array(z.array(cell)).min(1).max(12),
  }),
]);
type ModelSlide = z.infer<typeof ModelSlide>;
const ModelSection = z.object({ slides: z.array(ModelSlide).min(1) });

const sourceBlock = (text: string, max: number) =>
  text.trim() ? `- 参考资料（节选，内容以此为准）：\n${text.trim().slice(0, max)}` : '';

/** Sections to ask for: about three content slides each, 3–8 sections. */
export const sectionsFor = (slideCount: number) => Math.min(8, Math.max(3, Math.round((slideCount - 3) / 3)));

export async function draftOutline(llm: Llm, req: DeckRequest, signal?: AbortSignal): Promise<PptOutline> {
  const prompt = render(prompts.pptOutline, {
    topic: req.topic,
    scene: PPT_SCENE_LABELS[req.scene],
    slideCount: req.slideCount,
    sections: sectionsFor(req.slideCount),
    source: sourceBlock(req.sourceText, 6000),
  });
  try {
    return await completeJson(llm, { userId: req.userId, prompt, maxTokens: 1500, signal }, ModelOutline);
  } catch (err) {
    if (err instanceof ModelFormatError) throw unavailable(`${err.message}，请重试`);
    throw err;
  }
}

/**
 * How many content slides each section gets. Title, 目录 and 谢谢 take three pages; section header
 * pages are used only when the budget leaves every section at least one content page after them.
 */
export function planSlides(slideCount: number, sections: number): { headers: boolean; perSection: number[] } {
  const afterFrame = Math.max(0, slideCount - 3);
  const headers = afterFrame - sections >= sections;
  const content = Math.max(sections, afterFrame - (headers ? sections : 0));
  const base = Math.floor(content / sections);
  const extra = content % sections;
  return { headers, perSection: Array.from({ length: sections }, (_, i) => base + (i < extra ? 1 : 0)) };
}

function toSlide(s: ModelSlide): Slide {
  if (s.type === 'bullets') return { kind: 'bullets', title: s.title, bullets: s.bullets };
  if (s.type === 'highlight') {
    const figure = s.figure?.value && s.figure.label ? { figure: s.figure } : {};
    return { kind: 'highlight', title: s.title, text: s.text, ...figure };
  }
  const width = s.header.length;
  const rows = s.rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
  return { kind: 'table', title: s.title, header: s.header, rows };
}

const CLOSING: Record<PptScene, string> = {
  defense: '恳请各位老师批评指正',
  proposal: '恳请各位老师批评指正',
  course: '感谢聆听',
  work: '感谢聆听',
  academic: '欢迎交流讨论',
};

/**
 * The deck for an outline: one model call per section (strict JSON, one retry), then the frame
 * slides around them. `onSection` reports each finished section for progress.
 */
export async function writeDeck(
  llm: Llm,
  req: DeckRequest & { outline: PptOutline },
  opts: { signal?: AbortSignal; onSection?: (done: number, total: number) => Promise<void> } = {},
): Promise<Deck> {
  const { sections } = req.outline;
  const plan = planSlides(req.slideCount, sections.length);
  const slides: Slide[] = [{ kind: 'title' }, { kind: 'agenda', items: sections.map((s) => s.title) }];
  const allTitles = sections.map((s, i) => `${i + 1}. ${s.title}`).join('；');
  for (const [i, section] of sections.entries()) {
    const count = plan.perSection[i]!;
    const prompt = render(prompts.pptSection, {
      topic: req.topic,
      scene: PPT_SCENE_LABELS[req.scene],
      sections: allTitles,
      title: section.title,
      points: section.points.length ? section.points.join('；') : '（由你根据章节标题展开）',
      count,
      source: sourceBlock(req.sourceText, 3000),
    });
    const content = await completeJson(
      llm,
      { userId: req.userId, prompt, maxTokens: 600 * count + 400, signal: opts.signal },
      ModelSection,
    );
    if (plan.headers) slides.push({ kind: 'section', title: section.title });
    slides.push(...content.slides.slice(0, count).map(toSlide));
    await opts.onSection?.(i + 1, sections.length);
  }
  slides.push({ kind: 'closing', title: '谢谢', subtitle: CLOSING[req.scene] });
  const now = new Date();
  return {
    title: req.topic,
    subtitle: PPT_SCENE_LABELS[req.scene],
    ...(req.speaker ? { author: `汇报人：${req.speaker}` } : {}),
    date: `${now.getFullYear()}年${now.getMonth() + 1}月`,
    slides,
  };
}

const bulletText = (b: string | { text: string }) => (typeof b === 'string' ? b : b.text);

/** What the page shows of each slide: its title and lines of text. */
export function previewSlides(deck: Deck): PptSlidePreview[] {
  return deck.slides.map((s): PptSlidePreview => {
    switch (s.kind) {
      case 'title':
        return {
          kind: s.kind,
          title: deck.title,
          lines: [deck.subtitle, deck.author].filter((x) => !!x) as string[],
        };
      case 'agenda':
        return { kind: s.kind, title: s.title ?? '目录', lines: s.items };
      case 'section':
        return { kind: s.kind, title: s.title, lines: s.subtitle ? [s.subtitle] : [] };
      case 'bullets':
        return { kind: s.kind, title: s.title, lines: [...s.bullets, ...(s.right ?? [])].map(bulletText) };
      case 'highlight':
        return {
          kind: s.kind,
          title: s.title,
          lines: [...(s.figure ? [`${s.figure.value} ${s.figure.label}`] : []), s.text],
        };
      case 'table':
        return { kind: s.kind, title: s.title, lines: [s.header, ...s.rows].map((r) => r.join(' ｜ ')) };
      default:
        return { kind: s.kind, title: s.title ?? '谢谢', lines: s.subtitle ? [s.subtitle] : [] };
    }
  });
}
