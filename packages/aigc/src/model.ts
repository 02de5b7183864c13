import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { PlattMap } from './calibration.ts';
import type { CharLm } from './charlm.ts';
import {
  type FeatureConfig,
  FeatureExtractor,
  type Lexicon,
  ngramDimension,
  STYLE_FEATURES,
  type StyleScaling,
} from './features.ts';
import type { LogisticModel } from './logistic.ts';

export const MODEL_FORMAT = 'paperdesk-aigc/1';
export const DEFAULT_MODEL_DIR = path.resolve(import.meta.dirname, '../model');
export const MODEL_NAME = 'aigc-zh';

/** Probability cut-offs of the report bands (高度疑似 / 中度疑似 / 轻度疑似). */
export interface BandThresholds {
  /** 中度疑似 and above: the text counts as AI-written (aiCharRatio). */
  flag: number;
  high: number;
  light: number;
}

/** Thresholds of one length class and the human false-positive rates measured where they were chosen. */
export interface LengthClassBands extends BandThresholds {
  /** Human texts (and windows) the thresholds were chosen on. */
  humanTexts: number;
  /** Share of them at or above `flag` (显著) and at or above `light` (疑似). */
  significantFpr: number;
  suspectFpr: number;
}

/**
 * 显著 (flag, counted in 总体疑似度) and 疑似 (light, shown apart) thresholds set from measured false-positive rates
 * on held-out human academic text, separately for short and long texts.
 */
export interface BandCalibration {
  /** Texts of at most this many visible characters are short. */
  maxShortChars: number;
  /** The rates the thresholds were set to (e.g. 0.01 and 0.05). */
  targetFpr: { significant: number; suspect: number };
  short: LengthClassBands;
  long: LengthClassBands;
  chosenOn: string;
  /** Stricter targets a stratum's human texts must also meet (e.g. thesis paragraphs at 3% 疑似). */
  strataFpr?: Record<string, { significant: number; suspect: number }>;
  /** Measured on the test split when the model was trained (published in the report, see MeasuredRate). */
  measured?: MeasuredRate[];
}

/**
 * One text kind's held-out rates at the model's thresholds, as the report and help text publish them: for human
 * kinds the share wrongly shown at 显著 / at 疑似 or above, for AI kinds the share caught there.
 */
export interface MeasuredRate {
  kind: string;
  label: 0 | 1;
  texts: number;
  significant: number;
  suspect: number;
}

/** Everything but the large arrays: stored as readable JSON next to the binary. */
export interface ModelMeta {
  format: typeof MODEL_FORMAT;
  version: string;
  trainedAt: string;
  featureConfig: FeatureConfig;
  styleFeatures: string[];
  styleScaling: StyleScaling;
  lexicon: Lexicon & { attribution: string };
  languageModel: { bigramBits: number; trigramBits: number; totalChars: number; vocabulary: number };
  bias: number;
  calibration: PlattMap;
  /** The short class's thresholds (what detect() judges its windows by); kept for older readers. */
  thresholds: BandThresholds;
  /** Per length class, with the measured rates; absent in models before 1.3. */
  bands?: BandCalibration;
  /** Texts with fewer visible characters are scored but marked unreliable. */
  minReliableChars: number;
  training: Record<string, unknown>;
  /** Held-out figures measured when the model was built (the benchmark and tests recompute them). */
  metrics: Record<string, unknown>;
  binary: { file: string; sha256: string; bytes: number };
}

export interface AigcModel {
  meta: ModelMeta;
  classifier: LogisticModel;
  lm: CharLm;
  extractor: FeatureExtractor;
}

export function buildExtractor(
  meta: Pick<ModelMeta, 'featureConfig' | 'lexicon' | 'styleScaling'>,
  lm: CharLm,
) {
  return new FeatureExtractor(meta.featureConfig, meta.lexicon, lm, meta.styleScaling);
}

function binaryLayout(meta: Pick<ModelMeta, 'featureConfig' | 'languageModel'>) {
  const weights = ngramDimension(meta.featureConfig) + STYLE_FEATURES.length;
  return {
    weights,
    unigram: 65536,
    bigram: 1 << meta.languageModel.bigramBits,
    trigram: 1 << meta.languageModel.trigramBits,
  };
}

/** Writes `<name>.json` (metadata) and `<name>.bin.gz` (weights and language-model tables, little-endian). */
export function saveModel(
  meta: Omit<ModelMeta, 'binary' | 'format'>,
  classifier: LogisticModel,
  lm: CharLm,
  dir = DEFAULT_MODEL_DIR,
  name = MODEL_NAME,
): ModelMeta {
  const parts = [
    Buffer.from(classifier.weights.buffer, classifier.weights.byteOffset, classifier.weights.byteLength),
    Buffer.from(lm.unigram.buffer, lm.unigram.byteOffset, lm.unigram.byteLength),
    Buffer.from(lm.bigram.buffer, lm.bigram.byteOffset, lm.bigram.byteLength),
    Buffer.from(lm.trigram.buffer, lm.trigram.byteOffset, lm.trigram.byteLength),
  ];
  const binary = gzipSync(Buffer.concat(parts), { level: 9 });
  const file = `${name}.bin.gz`;
  const full: ModelMeta = {
    format: MODEL_FORMAT,
    ...meta,
    binary: { file, sha256: createHash('sha256').update(binary).digest('hex'), bytes: binary.length },
  };
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, file), binary);
  fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(full, null, 2)}\n`);
  return full;
}

export function loadModel(dir = DEFAULT_MODEL_DIR, name = MODEL_NAME): AigcModel {
  const meta = JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8')) as ModelMeta;
  if (meta.format !== MODEL_FORMAT) throw new Error(`unsupported AIGC model format: ${String(meta.format)}`);
  const raw = gunzipSync(fs.readFileSync(path.join(dir, meta.binary.file)));
  const layout = binaryLayout(meta);
  const expected = layout.weights * 4 + layout.unigram * 4 + layout.bigram * 2 + layout.trigram * 2;
  if (raw.length !== expected)
    throw new Error(`AIGC model binary has ${raw.length} bytes, expected ${expected}`);
  // copy into aligned buffers: a Buffer from gunzip may not be 4-byte aligned
  const bytes = new Uint8Array(raw);
  let at = 0;
  const take = (n: number) => {
    const slice = bytes.slice(at, at + n);
    at += n;
    return slice.buffer;
  };
  const weights = new Float32Array(take(layout.weights * 4));
  const unigram = new Uint32Array(take(layout.unigram * 4));
  const bigram = new Uint16Array(take(layout.bigram * 2));
  const trigram = new Uint16Array(take(layout.trigram * 2));
  const lm: CharLm = { ...meta.languageModel, unigram, bigram, trigram };
  return {
    meta,
    classifier: { weights, bias: meta.bias },
    lm,
    extractor: buildExtractor(meta, lm),
  };
}
