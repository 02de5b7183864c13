import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

/** A word of the segmented text with its jieba part-of-speech tag and its offsets. */
export interface Token {
  word: string;
  tag: string;
  start: number;
  end: number;
}

let jieba: Jieba | undefined;

/** The shared segmenter: loading the default dictionary takes ~0.5 s, so it is built once, on first use. */
function segmenter(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

/** Segment and POS-tag `text` (HMM on for unknown words); tokens cover the text without gaps. */
export function tagWords(text: string): Token[] {
  if (text.length === 0) return [];
  const out: Token[] = [];
  let pos = 0;
  for (const { word, tag } of segmenter().tag(text, true)) {
    // jieba returns the words in order; find each from the running position in case it drops characters
    const at = text.startsWith(word, pos) ? pos : text.indexOf(word, pos);
    if (at < 0) continue;
    out.push({ word, tag, start: at, end: at + word.length });
    pos = at + word.length;
  }
  return out;
}
