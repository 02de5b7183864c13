import type { MachineChange, MachineEdition, MachineParagraph, ParagraphMethod } from '@paperdesk/contracts';
import {
  buildRewriteMessages,
  type ChatMessage,
  checkRewriteOutput,
  diffHunks,
  documentTerms,
  rewrite,
  type Strength,
} from '@paperdesk/rewrite';
import { splitSentences } from '@paperdesk/textkit';

/**
 * The seam to the engine (@paperdesk/rewrite) and, for 知网专版, to a model: rewrite a document's
 * marked paragraphs one by one and describe each as a before/after pair with its changes. Only the
 * engine's public API is used; the model is reached through the `complete` callback (ctx.llm).
 */

export interface StoredBlock {
  kind: 'heading' | 'paragraph';
  text: string;
  /** Whether this paragraph is rewritten (headings and paragraphs a check found clean are kept). */
  rewrite: boolean;
}

export interface RewriteDocumentInput {
  blocks: readonly StoredBlock[];
  edition: MachineEdition;
  /** Same document and seed → same offline wording. */
  seed: number;
  /** One model answer for the messages (cnki). */
  complete?: (messages: ChatMessage[]) => Promise<string>;
  /** After each rewritten paragraph: how many of the marked ones are done. */
  onParagraph?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export interface RewriteDocumentResult {
  paragraphs: MachineParagraph[];
  changedChars: number;
  targetChars: number;
  modelParagraphs: number;
  fallbackParagraphs: number;
}

/** 智能降重: the offline engine at full strength (every rule, every synonym); the fallback uses it too. */
export const OFFLINE_STRENGTH: Strength = 'strong';
/** The model gets paragraphs of at most this many characters; longer ones go sentence group by group. */
const MODEL_CHUNK_CHARS = 1200;

const toChanges = (original: string, text: string): MachineChange[] =>
  diffHunks(original, text).map((h) => ({ start: h.start, end: h.end, replacement: h.replacement }));

/** A long paragraph as consecutive sentence groups of at most `max` characters (a longer sentence stays whole). */
export function chunkBySentences(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const chunks: string[] = [];
  let start = 0;
  let end = 0;
  for (const s of splitSentences(text)) {
    if (s.end - start > max && end > start) {
      chunks.push(text.slice(start, end));
      start = end;
    }
    end = s.end;
  }
  chunks.push(text.slice(start));
  return chunks.filter((c) => c.length > 0);
}

/**
 * Model rewrite of one paragraph, chunk by chunk; `null` when any chunk's answer fails the engine's check
 * (a lost number, citation or Latin term, an invented number, an implausible length) or comes back unchanged.
 */
async function modelRewrite(
  paragraph: string,
  complete: (messages: ChatMessage[]) => Promise<string>,
): Promise<string | null> {
  let out = '';
  let pos = 0;
  for (const chunk of chunkBySentences(paragraph, MODEL_CHUNK_CHARS)) {
    // keep the whitespace between chunks as it was
    const at = paragraph.indexOf(chunk, pos);
    out += paragraph.slice(pos, at);
    pos = at + chunk.length;
    const answer = (await complete(buildRewriteMessages(chunk))).trim();
    if (!checkRewriteOutput(chunk, answer).ok) return null;
    out += answer;
  }
  return out === paragraph ? null : out;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function rewriteDocument(input: RewriteDocumentInput): Promise<RewriteDocumentResult> {
  const targets = input.blocks.filter((b) => b.rewrite);
  // Terms are the document's, not each paragraph's: a term repeated across paragraphs stays everywhere.
  const keepTerms = documentTerms(targets.map((b) => b.text).join('\n'), 3);
  const offline = (text: string, index: number) =>
    rewrite(text, { strength: OFFLINE_STRENGTH, seed: input.seed + index, keepTerms }).text;

  const paragraphs: MachineParagraph[] = [];
  let done = 0;
  let changedChars = 0;
  let targetChars = 0;
  let modelParagraphs = 0;
  let fallbackParagraphs = 0;
  for (const [index, block] of input.blocks.entries()) {
    if (!block.rewrite) {
      paragraphs.push({
        index,
        kind: block.kind,
        original: block.text,
        text: block.text,
        method: 'kept',
        changes: [],
      });
      continue;
    }
    if (input.signal?.aborted) throw new Error('服务正在关闭');
    let text: string;
    let method: ParagraphMethod;
    if (input.edition === 'cnki') {
      if (!input.complete) throw new Error('知网专版需要 AI 模型');
      const answer = await modelRewrite(block.text, input.complete);
      if (answer !== null) {
        text = answer;
        method = 'model';
        modelParagraphs++;
      } else {
        text = offline(block.text, index);
        method = 'fallback';
        fallbackParagraphs++;
      }
    } else {
      text = offline(block.text, index);
      method = 'rule';
      // a long document must not hold the event loop: other requests are answered between paragraphs
      await yieldToEventLoop();
    }
    const changes = toChanges(block.text, text);
    changedChars += changes.reduce((n, c) => n + c.end - c.start, 0);
    targetChars += block.text.length;
    paragraphs.push({ index, kind: block.kind, original: block.text, text, method, changes });
    input.onParagraph?.(++done, targets.length);
  }
  return { paragraphs, changedChars, targetChars, modelParagraphs, fallbackParagraphs };
}
