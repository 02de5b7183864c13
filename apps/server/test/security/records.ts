import type { FastifyInstance } from 'fastify';
import { type AppContext, createContext } from '../../src/context.ts';
import { buildApp } from '../../src/http/app.ts';
import { creditAigcQuota } from '../aigc/support.ts';
import { credit, makeUser } from '../billing/helpers.ts';
import { call, documentText, multipart, waitFor } from '../check/support.ts';
import { type FakeReply, type FakeRequest, fakeModelEnv, startFakeOpenAi } from '../fakes/openai-server.ts';
import { pptModel } from '../slides/support.ts';
import { freshDatabaseUrl, testConfig } from '../support/databases.ts';
import { draft as writingDraft, taskOf, writer } from '../writing/support.ts';

/**
 * One finished record of every kind a user can own, made through the public API as that user would
 * (the security tests read them back as someone else). Model features run on the fake OpenAI server
 * with `securityModel` as its responder.
 */

export type RecordKind = 'check' | 'aigc' | 'machine' | 'paper' | 'ppt' | 'chat' | 'order' | 'reduce';
export const RECORD_KINDS: RecordKind[] = [
  'check',
  'aigc',
  'machine',
  'paper',
  'ppt',
  'chat',
  'order',
  'reduce',
];

export interface Owner {
  id: number;
  token: string;
}

export interface OwnedRecords {
  owner: Owner;
  ids: Record<RecordKind, number>;
  /** Records made but not yet paid for (a submit may still take an order for them). */
  pending: Record<'check' | 'aigc' | 'machine' | 'machineCnki' | 'paper' | 'thesis' | 'reduce', number>;
  /** Unpaid orders made to pay for the pending record of that kind (按次支付). */
  recordOrders: Record<'check' | 'aigc' | 'machine' | 'machineCnki', number>;
  /** The outlines of the finished paper and of the pending thesis (the submit routes take one). */
  paperOutline: unknown;
  thesisOutline: unknown;
  /** A section of the paper (`query_paper_content` reads one by record id and section id). */
  paperSectionId: number;
  /** The order's 商户订单号 (the sandbox pay page's key). */
  orderNo: string;
  /** A self-hosted login QR id this user's browser started and the user confirmed. */
  qrId: string;
  /** The browser cookie that started `qrId`. */
  qrCookie: string;
  /** A document in this user's 自建库, and its text. */
  personalDoc: number;
  personalText: string;
}

/** Answers writing, PPT and chat prompts alike (each feature's prompts carry their own markers). */
export function securityModel(req: FakeRequest): FakeReply {
  if (taskOf(req)) return writer(req);
  const prompt = req.messages[0]?.content ?? '';
  if (prompt.includes('请为下面的演示写大纲') || prompt.includes('- 本章：')) return pptModel(req);
  return { chunks: ['这是助手的回答：', '请参考相关文献。'] };
}

async function ok<T>(r: Promise<{ status: number; body: { message: string; result: T } }>, what: string) {
  const res = await r;
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.body.message}`);
  return res.body.result;
}

/** Polls a load_by_id until the record's status is `done`. */
async function untilDone(app: FastifyInstance, token: string, url: string, label: string) {
  await waitFor(
    async () => {
      const r = await call<{ status: string }>(app, 'POST', url, { token });
      if (r.body.result?.status === 'failed') throw new Error(`${label} 失败`);
      return r.body.result?.status === 'done';
    },
    30_000,
    label,
  );
}

/** A fresh user with one done record of each kind (and an order and a confirmed login QR). */
export async function makeOwnedRecords(
  app: FastifyInstance,
  ctx: AppContext,
  seed: number,
): Promise<OwnedRecords> {
  const owner = await makeUser(ctx);
  const { token } = owner;
  await credit(ctx, owner.id, 'balance', 1_000_000);
  await credit(ctx, owner.id, 'chat', 100);
  await creditAigcQuota(ctx, owner.id, 5);
  const text = documentText(seed, 4, 5);

  const check = await ok(
    call<{ id: number }>(app, 'POST', '/api/base/check_api/check_init', {
      token,
      body: { title: `查重-${seed}`, author: '张三', text },
    }),
    'check_init',
  );
  await ok(
    call(app, 'POST', '/api/base/check_api/check_submit', { token, body: { id: check.id } }),
    'check_submit',
  );

  const aigc = await ok(
    call<{ id: number }>(app, 'POST', '/api/base/paper_aigc_api/machine_init', {
      token,
      body: { title: `AIGC-${seed}`, author: '张三', text },
    }),
    'aigc machine_init',
  );
  await ok(
    call(app, 'POST', `/api/base/paper_aigc_api/submit_check?id=${aigc.id}`, { token }),
    'aigc submit',
  );

  const machine = await ok(
    call<{ id: number }>(app, 'POST', '/api/base/machine_api/machine_init', {
      token,
      body: { title: `降重-${seed}`, text },
    }),
    'machine_init',
  );
  await ok(
    call(app, 'POST', '/api/base/machine_api/machine_submit', { token, body: { id: machine.id } }),
    'machine_submit',
  );

  const reduce = await ok(
    call<{ id: number }>(app, 'POST', '/api/base/paper_machine_api/machine_init', {
      token,
      body: { title: `全文降重-${seed}`, text, targetSimilarity: 20 },
    }),
    'paper_machine_api machine_init',
  );
  await ok(
    call(app, 'POST', `/api/base/paper_machine_api/machine_submit?id=${reduce.id}`, { token }),
    'paper_machine_api machine_submit',
  );

  const paper = await ok(
    call<{ id: number; outline: unknown }>(app, 'POST', '/api/base/paper_info_api/query_paper_content', {
      token,
      body: { type: 'outline', draft: writingDraft() },
    }),
    'paper outline',
  );
  await ok(
    call(app, 'POST', '/api/base/paper_info_api/paper_xueshu_submit', {
      token,
      body: { id: paper.id, outline: paper.outline },
    }),
    'paper submit',
  );

  const ppt = await ok(
    call<{ id: number }>(app, 'POST', '/api/base/ai_ppt_info_api/save_or_update', {
      token,
      body: {
        topic: `城市更新中的社区治理研究${seed}`,
        templateId: 'academic-blue',
        slideCount: 8,
        scene: 'defense',
      },
    }),
    'ppt save',
  );
  await ok(
    call(app, 'POST', `/api/base/ai_ppt_info_api/generate_outline?id=${ppt.id}`, { token }),
    'ppt outline',
  );
  await ok(call(app, 'POST', `/api/base/ai_ppt_info_api/submit_by_id?id=${ppt.id}`, { token }), 'ppt submit');

  const order = await ok(
    call<{ id: number; orderNo: string }>(app, 'POST', '/api/order/order_info_api/create_order', {
      token,
      body: { topUpFen: 100 },
    }),
    'create_order',
  );

  const qrStart = await app.inject({ method: 'POST', url: '/api/base/login_api/f/login_qr_code' });
  const qrId = (qrStart.json() as { result: { id: string } }).result.id;
  const cookie = qrStart.cookies[0];
  if (!cookie) throw new Error('login_qr_code 未设置浏览器 cookie');
  await ok(call(app, 'POST', '/api/base/login_api/qr_confirm', { token, body: { id: qrId } }), 'qr_confirm');

  await untilDone(app, token, `/api/base/check_api/load_by_id?id=${check.id}`, '查重完成');
  await untilDone(app, token, `/api/base/paper_aigc_api/load_by_id?id=${aigc.id}`, 'AIGC 检测完成');
  await untilDone(app, token, `/api/base/machine_api/load_by_id?id=${machine.id}`, '降重完成');
  await untilDone(app, token, `/api/base/paper_info_api/load_by_id?id=${paper.id}`, '论文完成');
  await untilDone(app, token, `/api/base/paper_machine_api/load_by_id?id=${reduce.id}`, '全文降重完成');
  await untilDone(app, token, `/api/base/ai_ppt_info_api/load_by_id?id=${ppt.id}`, 'PPT 完成');

  // One model answer at a time per user: the chat waits for the paper and the deck.
  const chat = await app.inject({
    method: 'POST',
    url: '/api/base/chat_gpt_api/completions',
    headers: { authorization: `Bearer ${token}` },
    payload: { message: `请介绍一下文献综述的写法（${seed}）` },
  });
  const start = /event: start\ndata: (.+)\n/.exec(chat.body)?.[1];
  if (chat.statusCode !== 200 || !start) throw new Error(`chat completions: ${chat.statusCode} ${chat.body}`);
  const conversationId = (JSON.parse(start) as { conversationId: number }).conversationId;

  const sections = await ok(
    call<Array<{ id: number }>>(app, 'POST', `/api/base/paper_info_api/query_content_list?id=${paper.id}`, {
      token,
    }),
    'query_content_list',
  );
  const section = sections[0];
  if (!section) throw new Error('论文没有小节');

  const pendingCheck = await ok(
    call<{ id: number }>(app, 'POST', '/api/base/check_api/check_init', {
      token,
      body: { title: `待付查重-${seed}`, author: '张三', text },
    }),
    'pending check_init',
  );
  const pendingAigc = await ok(
    call<{ id: number }>(app, 'POST', '/api/base/paper_aigc_api/machine_init', {
      token,
      body: { title: `待付AIGC-${seed}`, author: '张三', text },
    }),
    'pending aigc machine_init',
  );
  const pendingMachine = await ok(
    call<{ id: number }>(app, 'POST', '/api/base/machine_api/machine_init', {
      token,
      body: { title: `待付降重-${seed}`, text },
    }),
    'pending machine_init',
  );
  const pendingPaper = await ok(
    call<{ id: number }>(app, 'POST', '/api/base/paper_info_api/query_paper_content', {
      token,
      body: { type: 'outline', draft: writingDraft({ title: `待提交论文${seed}` }) },
    }),
    'pending paper outline',
  );
  const pendingCnki = await ok(
    call<{ id: number }>(app, 'POST', '/api/base/machine_api/machine_cnki_init', {
      token,
      body: { title: `待付知网降重-${seed}`, text },
    }),
    'pending machine_cnki_init',
  );
  const pendingThesis = await ok(
    call<{ id: number; outline: unknown }>(app, 'POST', '/api/base/paper_info_api/query_paper_content', {
      token,
      body: { type: 'outline', draft: writingDraft({ title: `待提交毕业论文${seed}`, paperType: 'thesis' }) },
    }),
    'pending thesis outline',
  );
  const pendingReduce = await ok(
    call<{ id: number }>(app, 'POST', '/api/base/paper_machine_api/machine_init', {
      token,
      body: { title: `待付降AIGC-${seed}`, text, kind: 'aigc' },
    }),
    'pending paper_machine_api machine_init',
  );
  const orderFor = (recordType: string, recordId: number) =>
    ok(
      call<{ id: number }>(app, 'POST', '/api/order/order_info_api/create_order', {
        token,
        body: { recordType, recordId },
      }),
      `create_order ${recordType}`,
    ).then((o) => o.id);

  const personalText = documentText(seed + 500, 2, 4);
  const reference = multipart({}, { name: `同学初稿-${seed}.txt`, data: Buffer.from(personalText) });
  const personal = await ok(
    call<{ ids: number[] }>(app, 'POST', '/api/base/library_api/my/upload', {
      token,
      ...reference,
    }),
    'library_api/my/upload',
  );

  // a QR order for a record is refused while the balance covers it: the balance steps aside while they are made
  const { balance } = await ctx.billing.wallet(owner.id);
  await credit(ctx, owner.id, 'balance', -balance);
  const recordOrders = {
    check: await orderFor('check', pendingCheck.id),
    aigc: await orderFor('aigc', pendingAigc.id),
    machine: await orderFor('rewrite', pendingMachine.id),
    machineCnki: await orderFor('rewrite', pendingCnki.id),
  };
  await credit(ctx, owner.id, 'balance', balance);

  return {
    owner,
    personalDoc: personal.ids[0]!,
    personalText,
    pending: {
      check: pendingCheck.id,
      aigc: pendingAigc.id,
      machine: pendingMachine.id,
      machineCnki: pendingCnki.id,
      paper: pendingPaper.id,
      thesis: pendingThesis.id,
      reduce: pendingReduce.id,
    },
    recordOrders,
    paperOutline: paper.outline,
    thesisOutline: pendingThesis.outline,
    paperSectionId: section.id,
    ids: {
      check: check.id,
      aigc: aigc.id,
      machine: machine.id,
      paper: paper.id,
      ppt: ppt.id,
      chat: conversationId,
      order: order.id,
      reduce: reduce.id,
    },
    orderNo: order.orderNo,
    qrId,
    qrCookie: `${cookie.name}=${cookie.value}`,
  };
}

export interface SecurityApp {
  ctx: AppContext;
  app: FastifyInstance;
  /** One user per seed, each owning a finished record of every kind. */
  owners: OwnedRecords[];
  close(): Promise<void>;
}

/**
 * The app the security tests probe: a fresh SQLite database, job workers running and the fake model answering
 * with `securityModel`, and the owners' records made through the API.
 */
export async function startSecurityApp(opts: {
  seeds: number[];
  /** More settings, given the database's data directory (e.g. a web build placed in it). */
  env?: (dataDir: string) => Record<string, string>;
  /** Adds routes before the app starts. */
  routes?: (app: FastifyInstance) => void;
}): Promise<SecurityApp> {
  const llm = await startFakeOpenAi();
  llm.respond(securityModel);
  const db = await freshDatabaseUrl('sqlite');
  const ctx = await createContext(
    testConfig({
      DATABASE_URL: db.url,
      DATA_DIR: db.dataDir,
      ...opts.env?.(db.dataDir),
      ...fakeModelEnv(llm, { LLM_TIMEOUT_MS: '5000' }),
    }),
  );
  const app = await buildApp(ctx);
  opts.routes?.(app);
  await ctx.jobs.startWorkers();
  const owners: OwnedRecords[] = [];
  for (const seed of opts.seeds) owners.push(await makeOwnedRecords(app, ctx, seed));
  return {
    ctx,
    app,
    owners,
    async close() {
      await app.close();
      await ctx.close();
      await db.drop();
      await llm.close();
    },
  };
}
