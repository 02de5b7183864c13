/** What cache.ts writes and variants.ts reads. */
import os from 'node:os';
import path from 'node:path';

/** Where the cache goes: $AIGC_EXPERIMENT_CACHE or the system's temporary folder (about 15 MB). */
export const CACHE_FILE =
  process.env.AIGC_EXPERIMENT_CACHE ?? path.join(os.tmpdir(), 'paperdesk-aigc-stage2-cache.json');

/** The templated 首先/其次/此外/综上所述 paragraph of the tests (test/bands.test.ts). */
export const TEMPLATED =
  '随着人工智能技术的快速发展，大语言模型在自然语言处理领域展现出了巨大的潜力。首先，大语言模型能够有效提升文本生成的质量和效率；其次，它在机器翻译、智能问答等任务中也具有重要的应用价值。此外，值得注意的是，大语言模型的广泛应用也带来了一系列新的挑战。综上所述，深入研究大语言模型的发展规律，对于推动人工智能技术的进步具有重要的理论意义和现实意义。';

/** Second-stage inputs of one text (see cache.ts). */
export interface CachedInputs {
  /** First-stage log-odds. */
  z: number;
  /** The 22 standardised, clipped style features (STYLE_FEATURES order). */
  style: number[];
  /** Naive-Bayes polish scores on word unigrams (1.5's), word bigrams, POS 2-3-grams, character 1-3-grams. */
  uni: number;
  bi: number;
  pos: number;
  char: number;
  /** Mean per-character log-likelihood ratio: AI vs human academic LM, polished vs originals LM (null on train). */
  llrAi: number | null;
  llrPol: number | null;
  /** Log-odds of the polished-vs-human-academic regression (L2 1e-3). */
  polishLr: number;
  /** Log-odds of a first stage on POS n-grams and style features only (no character or word n-grams). */
  syntax: number;
}

export interface CachedText extends CachedInputs {
  id: string;
  group: string;
  label: 0 | 1;
  /** 'train' also for the AI texts of the lm split (the first stage trains on them). */
  split: string;
  source: string;
  register: string;
  instruction?: string;
  stratum: string;
  chars: number;
}

export interface Cache {
  texts: CachedText[];
  ood: Array<{ name: string; items: Array<CachedInputs & { label: 0 | 1 }> }>;
  templated: CachedInputs;
}
