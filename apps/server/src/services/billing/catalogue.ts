import { type PriceEntry, priceKey, type ServiceKind, type TopUpLimits } from '@paperdesk/contracts';
import type { Db } from '../../db/index.ts';
import type { createSysConfig } from '../sys-config.ts';

/**
 * First-start prices and packages. Admins change prices in `sys_config` and packages in `products`;
 * seeding never overwrites a change.
 *
 * Market reference (list prices as commonly advertised in 2024–2025, rounded; each service's issue may
 * refine them): 知网 (CNKI) paper checks ≈ 1.5 元/千字, 万方 ≈ 2 元/千字, 维普 ≈ 3 元/千字, PaperPass
 * ≈ 1.5 元/千字, with many budget checkers at 0.5–1 元/千字; AIGC detection ≈ 1–1.5 元/千字; AI
 * rewriting (降重) ≈ 2–3 元/千字 and 降AIGC ≈ 4–8 元/千字; AI paper writing ≈ 20–100 元/篇 (theses more);
 * AI slide decks ≈ 10 元/份. We sit at or just below the common price and give packages a discount.
 */
export const DEFAULT_PRICES: Array<{
  service: ServiceKind;
  edition: string;
  entry: PriceEntry;
  description: string;
}> = [
  {
    service: 'check',
    edition: 'standard',
    entry: { unit: 'per_1000_chars', fen: 50, label: '普通版 0.5元/千字' },
    description: '查重 普通版',
  },
  {
    service: 'check',
    edition: 'professional',
    entry: { unit: 'per_1000_chars', fen: 150, label: '专业版 1.5元/千字' },
    description: '查重 专业版（对标知网 1.5 元/千字）',
  },
  {
    service: 'aigc_check',
    edition: 'standard',
    entry: { unit: 'per_1000_chars', fen: 100, label: 'AIGC检测 1元/千字' },
    description: 'AIGC 检测',
  },
  {
    service: 'rewrite',
    edition: 'standard',
    entry: { unit: 'per_1000_chars', fen: 200, label: '智能降重 2元/千字' },
    description: '降重 普通',
  },
  {
    service: 'rewrite',
    edition: 'cnki',
    entry: { unit: 'per_1000_chars', fen: 300, label: '知网专版降重 3元/千字' },
    description: '降重 知网专版',
  },
  {
    service: 'aigc_rewrite',
    edition: 'standard',
    entry: { unit: 'per_1000_chars', fen: 400, label: '降AIGC 4元/千字' },
    description: '降 AIGC',
  },
  {
    service: 'aigc_rewrite',
    edition: 'model',
    entry: { unit: 'per_1000_chars', fen: 600, label: '降AIGC（AI 模型）6元/千字' },
    description: '降 AIGC，AI 模型逐段改写并复测',
  },
  {
    service: 'writing',
    edition: 'standard',
    entry: { unit: 'per_item', fen: 2990, label: 'AI写作 29.9元/篇' },
    description: 'AI 写作（课程/期刊论文）',
  },
  {
    service: 'writing',
    edition: 'thesis',
    entry: { unit: 'per_item', fen: 9900, label: '毕业论文 99元/篇' },
    description: 'AI 写作（毕业论文）',
  },
  {
    service: 'ppt',
    edition: 'standard',
    entry: { unit: 'per_item', fen: 990, label: 'AI生成PPT 9.9元/份' },
    description: 'AI 生成 PPT',
  },
  {
    service: 'chat',
    edition: 'standard',
    entry: { unit: 'per_item', fen: 5, label: 'AI助手 0.05元/条' },
    description: 'AI 助手每条消息',
  },
];

export interface SeedPackage {
  code: string;
  service: ServiceKind;
  edition: string;
  name: string;
  description: string;
  quotaAmount: number;
  priceFen: number;
  listPriceFen: number;
  badge?: string;
}

const TIMES_NOTE = '每次适用于 3 万字以内的一篇文档（超出按每 3 万字一次计）';

export const DEFAULT_PACKAGES: SeedPackage[] = [
  {
    code: 'check_pro_1',
    service: 'check',
    edition: 'professional',
    name: '查重专业版 1 次',
    description: TIMES_NOTE,
    quotaAmount: 1,
    priceFen: 2900,
    listPriceFen: 4500,
  },
  {
    code: 'check_pro_5',
    service: 'check',
    edition: 'professional',
    name: '查重专业版 5 次',
    description: TIMES_NOTE,
    quotaAmount: 5,
    priceFen: 12900,
    listPriceFen: 22500,
    badge: '推荐',
  },
  {
    code: 'check_pro_10',
    service: 'check',
    edition: 'professional',
    name: '查重专业版 10 次',
    description: TIMES_NOTE,
    quotaAmount: 10,
    priceFen: 22900,
    listPriceFen: 45000,
  },
  {
    code: 'aigc_check_3',
    service: 'aigc_check',
    edition: 'standard',
    name: 'AIGC检测 3 次',
    description: TIMES_NOTE,
    quotaAmount: 3,
    priceFen: 4900,
    listPriceFen: 9000,
  },
  {
    code: 'aigc_check_10',
    service: 'aigc_check',
    edition: 'standard',
    name: 'AIGC检测 10 次',
    description: TIMES_NOTE,
    quotaAmount: 10,
    priceFen: 13900,
    listPriceFen: 30000,
    badge: '推荐',
  },
  {
    code: 'rewrite_10k',
    service: 'rewrite',
    edition: 'standard',
    name: '降重 1 万字',
    description: '智能降重与知网专版降重通用',
    quotaAmount: 10_000,
    priceFen: 1600,
    listPriceFen: 2000,
  },
  {
    code: 'rewrite_50k',
    service: 'rewrite',
    edition: 'standard',
    name: '降重 5 万字',
    description: '智能降重与知网专版降重通用',
    quotaAmount: 50_000,
    priceFen: 6900,
    listPriceFen: 10000,
    badge: '推荐',
  },
  {
    code: 'rewrite_200k',
    service: 'rewrite',
    edition: 'standard',
    name: '降重 20 万字',
    description: '智能降重与知网专版降重通用',
    quotaAmount: 200_000,
    priceFen: 23900,
    listPriceFen: 40000,
  },
  {
    code: 'aigc_rewrite_10k',
    service: 'aigc_rewrite',
    edition: 'standard',
    name: '降AIGC 1 万字',
    description: '降低 AI 生成痕迹',
    quotaAmount: 10_000,
    priceFen: 3200,
    listPriceFen: 4000,
  },
  {
    code: 'aigc_rewrite_50k',
    service: 'aigc_rewrite',
    edition: 'standard',
    name: '降AIGC 5 万字',
    description: '降低 AI 生成痕迹',
    quotaAmount: 50_000,
    priceFen: 13900,
    listPriceFen: 20000,
    badge: '推荐',
  },
  {
    code: 'writing_1',
    service: 'writing',
    edition: 'standard',
    name: 'AI写作 1 篇',
    description: '课程论文、期刊论文各版本通用',
    quotaAmount: 1,
    priceFen: 2590,
    listPriceFen: 2990,
  },
  {
    code: 'writing_3',
    service: 'writing',
    edition: 'standard',
    name: 'AI写作 3 篇',
    description: '课程论文、期刊论文各版本通用',
    quotaAmount: 3,
    priceFen: 6900,
    listPriceFen: 8970,
    badge: '推荐',
  },
  {
    code: 'ppt_5',
    service: 'ppt',
    edition: 'standard',
    name: 'AI生成PPT 5 份',
    description: '所有模板通用',
    quotaAmount: 5,
    priceFen: 3900,
    listPriceFen: 4950,
  },
  {
    code: 'chat_500',
    service: 'chat',
    edition: 'standard',
    name: 'AI助手 500 条',
    description: '对话消息条数',
    quotaAmount: 500,
    priceFen: 1990,
    listPriceFen: 2500,
  },
];

export const DEFAULT_TOPUP: TopUpLimits = {
  presets: [1000, 3000, 5000, 10000, 20000],
  minFen: 100,
  maxFen: 500_000,
};
export const TOPUP_KEY = 'limit.topup';

export async function seedCatalogue(db: Db, sysConfig: ReturnType<typeof createSysConfig>): Promise<void> {
  for (const p of DEFAULT_PRICES)
    await sysConfig.seed(priceKey(p.service, p.edition), p.entry, p.description);
  await sysConfig.seed(TOPUP_KEY, DEFAULT_TOPUP, '充值预设金额与范围（分）');
  for (const [i, p] of DEFAULT_PACKAGES.entries()) {
    await db
      .insertInto('products')
      .values({
        code: p.code,
        service: p.service,
        edition: p.edition,
        name: p.name,
        description: p.description,
        quotaKind: p.service,
        quotaAmount: p.quotaAmount,
        priceFen: p.priceFen,
        listPriceFen: p.listPriceFen,
        badge: p.badge ?? '',
        sort: i * 10,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
}
