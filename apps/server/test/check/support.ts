import { randomBytes } from 'node:crypto';
import type { CheckRecord } from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { pick, rng } from '../../../../packages/plagiarism/test/helpers.ts';
import type { AppContext } from '../../src/context.ts';

/**
 * Test material made at run time (the repo ships no third-party texts): Chinese "academic" sentences
 * composed from word lists by a seeded generator, so two generated documents share no long run by chance.
 */
/** Two-character words; sentences are random runs of them, so unrelated texts share no long run. */
const WORDS =
  '研究 分析 方法 模型 数据 结果 理论 实践 发展 影响 机制 路径 问题 对策 系统 结构 功能 效率 质量 水平 政策 制度 经济 社会 文化 教育 技术 创新 管理 服务 市场 企业 产业 区域 城市 农村 环境 生态 资源 能源 信息 网络 平台 算法 特征 样本 变量 指标 评价 检验 显著 正向 负向 相关 回归 估计 参数 误差 稳健 差异 趋势 变化 增长 下降 提升 优化 改进 完善 构建 设计 实现 应用 推广 探索 考察 讨论 总结 归纳 比较 验证 学生 教师 课程 教学 学习 能力 素养 评估 反馈 互动 患者 临床 治疗 药物 剂量 疗效 安全 风险 护理 康复 语言 文学 文本 叙事 意象 风格 作品 作者 读者 历史 朝代 文献 典籍 版本 注释 方言 语音 词汇 语法 语义 金融 信贷 资本 投资 消费 价格 收入 贸易 出口 税收 财政 货币 利率 汇率 债务 银行 保险 证券 基金 股票 图像 语音 视频 识别 检测 分割 分类 聚类 训练 推理 架构 模块 编码 解码 注意 卷积 向量 矩阵 梯度 损失 公共 治理 参与 协同 主体 责任 监督 激励 约束 合作 竞争 配置 分配 公平 均衡 整合 转型 升级 融合 协调 空间 时间 维度 尺度 格局 分布 集聚 扩散 溢出 传导 冲击 波动 周期 阶段 过程 环节 要素 条件 基础 前提 显示 表明 发现 证实 揭示 说明 反映 体现 意味 提示 可能 明显 较强 较弱 持续 稳定 逐步 显然 普遍 局部 观测 实验 调查 访谈 问卷 案例 统计 测度 核算 模拟 仿真 预测 规划 决策 选择 偏好 行为 认知 态度 意愿 生产 流通 供给 需求 就业 人口 老龄 家庭 健康 医疗 养老 住房 交通 通信 物流 旅游 农业 工业 制造 数字'.split(
    ' ',
  );

/** One generated sentence: 12–20 random words with a comma inside (about 30 characters). */
export function sentence(r: () => number): string {
  const n = 12 + Math.floor(r() * 9);
  const cut = 4 + Math.floor(r() * (n - 8));
  let out = '';
  for (let i = 0; i < n; i++) out += (i === cut ? '，' : '') + pick(r, WORDS);
  return `${out}。`;
}

/** A paragraph of `sentences` generated sentences from `seed`. */
export function paragraph(seed: number, sentences = 4): string {
  const r = rng(seed);
  return Array.from({ length: sentences }, () => sentence(r)).join('');
}

/** A document of several paragraphs. */
export function documentText(seed: number, paragraphs = 3, sentences = 4): string {
  return Array.from({ length: paragraphs }, (_, i) => paragraph(seed * 1000 + i, sentences)).join('\n');
}

export async function waitFor<T>(
  fn: () => Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
  label = '条件',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`等待${label}超时`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Polls the check record over HTTP until its status is `done` (30 s at most) and returns it. */
export async function waitForCheckDone(
  app: FastifyInstance,
  token: string,
  id: number,
  label = '检测完成',
): Promise<CheckRecord> {
  return waitFor(
    async () => {
      const r = await call<CheckRecord>(app, 'POST', `/api/base/check_api/load_by_id?id=${id}`, { token });
      return r.body.result.status === 'done' ? r.body.result : null;
    },
    // the first check of a file also starts the check thread and loads its index: on a loaded 2-core machine
    // that alone took ~30 s, so the wait stays inside the 60 s test timeout but above it
    55_000,
    label,
  );
}

/** Starts a 查重 of `paper` (check_init, then check_submit) and waits until it is done; returns the done record. */
export async function checkPaper(
  app: FastifyInstance,
  token: string,
  paper: { title: string; edition: 'standard' | 'professional'; text: string; author?: string },
): Promise<CheckRecord> {
  const init = await call<CheckRecord>(app, 'POST', '/api/base/check_api/check_init', { token, body: paper });
  expect(init.status, init.body.message).toBe(200);
  const submit = await call(app, 'POST', '/api/base/check_api/check_submit', {
    token,
    body: { id: init.body.result.id },
  });
  expect(submit.status, submit.body.message).toBe(200);
  return waitForCheckDone(app, token, init.body.result.id);
}

/** Imports `documents` into the 查重 library with an admin's `token`; returns their ids. */
export async function importLibrary(
  app: FastifyInstance,
  token: string,
  documents: { title: string; author: string; source: string; year: number | null; text: string }[],
): Promise<number[]> {
  const r = await call<{ ids: number[] }>(app, 'POST', '/api/base/library_api/import', {
    token,
    body: { documents },
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.result.ids;
}

/** multipart/form-data body for app.inject. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; data: Uint8Array | Buffer; type?: string; field?: string },
  extraFiles: { name: string; data: Uint8Array | Buffer }[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----pdtest${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of [...(file ? [file] : []), ...extraFiles]) {
    const field = 'field' in f && f.field ? f.field : 'file';
    const type = 'type' in f && f.type ? f.type : 'application/octet-stream';
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
    );
    parts.push(Buffer.from(f.data));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

interface Envelope<T> {
  code: number;
  message: string;
  result: T;
}

/** POST/GET a JSON API through inject; returns status and envelope. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: unknown; payload?: Buffer; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const res = await app.inject({
    method,
    url,
    headers: { ...(opts.token ? bearer(opts.token) : {}), ...(opts.headers ?? {}) },
    ...(opts.payload !== undefined
      ? { payload: opts.payload }
      : opts.body !== undefined
        ? { payload: opts.body as object }
        : {}),
  });
  return { status: res.statusCode, body: res.json() as Envelope<T> };
}

/** POSTs one file (with form fields) as multipart/form-data; returns status and envelope. */
export function postFile<T = unknown>(
  app: FastifyInstance,
  url: string,
  token: string,
  file: { name: string; data: Uint8Array | Buffer },
  fields: Record<string, string>,
) {
  const m = multipart(fields, file);
  return call<T>(app, 'POST', url, { token, payload: m.payload, headers: m.headers });
}

/** Counts what a user was ever charged (ledger rows of reason charge). */
export async function chargeRows(ctx: AppContext, userId: number) {
  return ctx.db
    .selectFrom('ledger')
    .selectAll()
    .where('userId', '=', userId)
    .where('reason', 'in', ['charge', 'free_check'])
    .execute();
}

export async function adminToken(ctx: AppContext): Promise<string> {
  const id = await ctx.accounts.register({
    username: `admin_${randomBytes(4).toString('hex')}`,
    password: 'password-123',
    role: 'admin',
  });
  return ctx.accounts.issueToken(id, 'password');
}
