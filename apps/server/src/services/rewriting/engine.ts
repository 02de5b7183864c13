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
  /** One model answer for the messages (cnki), at most `maxTokens` long. */
  complete?: (messages: ChatMessage[], maxTokens: number) => Promise<string>;
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
  complete: (messages: ChatMessage[], maxTokens: number) => Promise<string>,
): Promise<string | null> {
  let out = '';
  let pos = 0;
  for (const chunk of chunkBySentences(paragraph, MODEL_CHUNK_CHARS)) {
    // keep the whitespace between chunks as it was
    const at = paragraph.indexOf(chunk, pos);
    out += paragraph.slice(pos, at);
    pos = at + chunk.length;
    // a rewrite is about as long as its input (about a token a character): room for 1.6× and no runaway answer
    const answer = (await complete(buildRewriteMessages(chunk), Math.ceil(chunk.length * 1.6) + 100)).trim();
    if (!checkRewriteOutput(chunk, answer).ok) return null;
    out += answer;
  }
  return out === paragraph ? null : out;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Model calls in flight per document: the model layer allows a user two at a time (LLM_CONCURRENCY_PER_USER). */
const MODEL_PARALLEL = 2;

export async function rewriteDocument(input: RewriteDocumentInput): Promise<RewriteDocumentResult> {
  const targets = input.blocks.filter((b) => b.rewrite).length;
  // Terms are the document's, not each paragraph's: a term repeated across paragraphs stays everywhere.
  const keepTerms = documentTerms(
    input.blocks
      .filter((b) => b.rewrite)
      .map((b) => b.text)
      .join('\n'),
    3,
  );
  const offline = (text: string, index: number) =>
    rewrite(text, { strength: OFFLINE_STRENGTH, seed: input.seed + index, keepTerms }).text;
  const complete = input.complete;
  if (input.edition === 'cnki' && !complete) throw new Error('知网专版需要 AI 模型');

  let done = 0;
  async function one(block: StoredBlock, index: number): Promise<MachineParagraph> {
    if (!block.rewrite)
      return { index, kind: block.kind, original: block.text, text: block.text, method: 'kept', changes: [] };
    if (input.signal?.aborted) throw new Error('服务正在关闭');
    let text: string;
    let method: ParagraphMethod;
    const answer = complete && input.edition === 'cnki' ? await modelRewrite(block.text, complete) : null;
    if (answer !== null) {
      text = answer;
      method = 'model';
    } else {
      text = offline(block.text, index);
      method = input.edition === 'cnki' ? 'fallback' : 'rule';
      // a long document must not hold the event loop: other requests are answered between paragraphs
      await yieldToEventLoop();
    }
    input.onParagraph?.(++done, targets);
    return {
      index,
      kind: block.kind,
      original: block.text,
      text,
      method,
      changes: toChanges(block.text, text),
    };
  }

  const paragraphs: MachineParagraph[] = new Array(input.blocks.length);
  let next = 0;
  let stopped = false;
  const worker = async () => {
    try {
      while (!stopped && next < input.blocks.length) {
        const index = next++;
        const block = input.blocks[index];
        if (block) paragraphs[index] = await one(block, index);
      }
    } catch (err) {
      stopped = true; // the job fails: the other worker makes no further model calls
      throw err;
    }
  };
  await Promise.all(Array.from({ length: input.edition === 'cnki' ? MODEL_PARALLEL : 1 }, worker));

  let changedChars = 0;
  let targetChars = 0;
  for (const p of paragraphs) {
    if (p.method === 'kept') continue;
    changedChars += p.changes.reduce((n, c) => n + c.end - c.start, 0);
    targetChars += p.original.length;
  }
  const count = (m: ParagraphMethod) => paragraphs.filter((p) => p.method === m).length;
  return {
    paragraphs,
    changedChars,
    targetChars,
    modelParagraphs: count('model'),
    fallbackParagraphs: count('fallback'),
  };
}
