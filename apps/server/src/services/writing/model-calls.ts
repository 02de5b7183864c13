import type { OutlineNode, PaperLanguage, PaperType } from '@paperdesk/contracts';
import { z } from 'zod';
import { prompts, render } from '../../integrations/llm/index.ts';
import type { Llm } from '../llm-usage.ts';
import {
  cleanSectionText,
  extractJson,
  type FlatSection,
  outlineText,
  PAPER_TYPE_NAMES,
  parseOutlineAnswer,
} from './outline.ts';

/**
 * Every model call of the writing service: the prompt, the call through the model layer, and the
 * check of the answer. A call whose answer is unusable throws; callers retry once.
 */

export interface PaperBrief {
  title: string;
  paperType: PaperType;
  discipline: string;
  language: PaperLanguage;
  targetWords: number;
  keywords: string;
  requirements: string;
}

export interface CallOpts {
  userId: number;
  signal?: AbortSignal | undefined;
}

const languageName = (l: PaperLanguage) => (l === 'en' ? '英文（English）' : '中文');
const orNone = (s: string) => s.trim() || '无';

/** What every writing prompt says about the paper: its type, title, discipline and language. */
const paperVars = (p: PaperBrief) => ({
  paperType: PAPER_TYPE_NAMES[p.paperType],
  title: p.title,
  discipline: orNone(p.discipline),
  language: languageName(p.language),
});

export function createWritingModel(llm: Llm) {
  const ask = async (content: string, opts: CallOpts, maxTokens: number) =>
    (
      await llm.complete({
        feature: 'writing',
        messages: [{ role: 'user', content }],
        userId: opts.userId,
        signal: opts.signal,
        maxTokens,
        temperature: 0.7,
      })
    ).text;

  /** Runs `attempt` and, if it throws, once more; the second failure is thrown with `label`. */
  async function twice<T>(label: string, signal: AbortSignal | undefined, attempt: () => Promise<T>) {
    try {
      return await attempt();
    } catch (first) {
      if (signal?.aborted) throw first;
      try {
        return await attempt();
      } catch (second) {
        if (signal?.aborted) throw second;
        throw new Error(`${label}：${second instanceof Error ? second.message : String(second)}`);
      }
    }
  }

  return {
    twice,

    async outline(p: PaperBrief, opts: CallOpts): Promise<OutlineNode[]> {
      const content = render(prompts.writingOutline, {
        ...paperVars(p),
        targetWords: p.targetWords,
        keywords: orNone(p.keywords),
        requirements: orNone(p.requirements),
        chapterHint:
          p.paperType === 'thesis'
            ? '共 5～7 章，通常包括绪论、理论基础或文献综述、研究设计或方法、分析与讨论、结论与展望；'
            : `共 ${p.targetWords >= 8000 ? '5～6' : '4～5'} 章，包括引言与结论；`,
      });
      return parseOutlineAnswer(await ask(content, opts, 2000));
    },

    async abstract(
      p: PaperBrief,
      sections: FlatSection[],
      opts: CallOpts,
    ): Promise<{ abstract: string; keywords: string[]; abstractEn?: string; keywordsEn?: string[] }> {
      const thesis = p.paperType === 'thesis';
      const content = render(prompts.writingAbstract, {
        ...paperVars(p),
        outline: outlineText(sections),
        abstractWords: thesis ? 400 : 250,
        englishHint: thesis
          ? '另写英文摘要（abstractEn）和英文关键词（keywordsEn），与中文摘要内容一致。'
          : '',
        format: thesis
          ? '{"abstract":"……","keywords":["……"],"abstractEn":"……","keywordsEn":["……"]}'
          : '{"abstract":"……","keywords":["……"]}',
      });
      const shape = z.object({
        abstract: z.string().trim().min(20),
        keywords: z.array(z.string().trim().min(1)).min(1).max(8),
        ...(thesis
          ? {
              abstractEn: z.string().trim().min(20),
              keywordsEn: z.array(z.string().trim().min(1)).min(1).max(8),
            }
          : {}),
      });
      const parsed = shape.safeParse(extractJson(await ask(content, opts, thesis ? 2000 : 1000)));
      if (!parsed.success) throw new Error('摘要 JSON 结构不符合要求');
      return parsed.data as {
        abstract: string;
        keywords: string[];
        abstractEn?: string;
        keywordsEn?: string[];
      };
    },

    async section(
      p: PaperBrief,
      outline: FlatSection[],
      section: FlatSection,
      previous: string,
      words: number,
      opts: CallOpts,
      /** The records this section may cite, or the rule for none (citing.ts `sectionSources`). */
      sources: string,
    ): Promise<string[]> {
      const content = render(prompts.writingSection, {
        ...paperVars(p),
        outline: outlineText(outline),
        previous: previous || '（这是正文的第一节）',
        path: section.path,
        heading: section.heading,
        brief: section.brief || '围绕本节标题展开',
        words,
        sources,
        requirements: p.requirements.trim() ? `- 作者的其他要求：${p.requirements.trim()}` : '',
      });
      const paragraphs = cleanSectionText(
        await ask(content, opts, Math.min(6000, words * 2 + 300)),
        section.heading,
      );
      if (paragraphs.join('').length < Math.min(50, words / 4)) throw new Error('正文过短或为空');
      return paragraphs;
    },
  };
}

export type WritingModel = ReturnType<typeof createWritingModel>;
