import {
  type CheckRecord,
  type Page,
  priceKey,
  REDUCE_PRICING,
  type ReduceDetail,
  type ReduceParagraph,
  type ReduceParagraphResult,
  type ReduceRecord,
} from '@paperdesk/contracts';
import { readDocument } from '@paperdesk/textkit';
import JSZip from 'jszip';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { buildDocx } from '../../../../packages/textkit/test/fixtures.ts';
import { DEFAULT_PRICES } from '../../src/services/billing/catalogue.ts';
import { expectLedgerMatches } from '../billing/helpers.ts';
import { bearer, call, multipart } from '../check/support.ts';
import { type FakeRequest, fakeModelEnv, startFakeOpenAi } from '../fakes/openai-server.ts';
import { fakeModelRewrite, passageOf, SOURCE_PARAGRAPHS, SOURCE_TEXT } from '../rewriting/fixtures.ts';
import { hasData, heldOutPairs } from '../aigc/data.ts';
import { API, reduceSuite } from './support.ts';

const fake = await startFakeOpenAi();
afterAll(() => fake.close());
const passage = (req: FakeRequest) => passageOf(req.messages.at(-1)?.content ?? '');

const s = reduceSuite(fakeModelEnv(fake, { LLM_MAX_RETRIES: '1', LLM_TIMEOUT_MS: '2000' }));

beforeEach(() => {
  fake.reset();
  fake.respond((req) => ({ chunks: [fakeModelRewrite(passage(req))] }));
});

const refunds = (userId: number) =>
  s
    .ctx()
    .db.selectFrom('ledger')
    .select('delta')
    .where('userId', '=', userId)
    .where('reason', '=', 'refund')
    .execute();

it('model path (降重 + AIGC, dual target) through the fake OpenAI server: accounted under the feature, priced as the model path', async () => {
  const ctx = s.ctx();
  const user = await s.user();
  const init = await s.init(user.token, {
    text: SOURCE_PARAGRAPHS.slice(0, 2).join('\n'),
    path: 'model',
    targetSimilarity: 10,
    targetAigc: 30,
  });
  expect(init.status, init.body.message).toBe(200);
  const rec = init.body.result;
  expect(rec.goal).toBe('both');
  // 降重's model price is 知网专版's (3 元/千字)
  expect(rec.priceFen).toBe(Math.ceil(rec.characters / 1000) * 300);
  expect((await s.submit(user.token, rec.id)).status).toBe(200);
  const done = await s.finished(user.token, rec.id);
  expect(done.status, done.message).toBe('done');
  const content = await s.content(user.token, rec.id);
  const body = content.paragraphs.filter((p) => p.kind === 'paragraph');
  expect(fake.requests.length).toBeGreaterThan(0);
  // dual target: never worse on either score, except by the loop's noise allowance (≤ 1 point) while on target
  const notWorse = (after: number, before: number, target: number) =>
    after <= before || (after <= target && after <= before + 1);
  for (const p of body) {
    expect(notWorse(p.after!.similarity!, p.before!.similarity!, 10)).toBe(true);
    expect(notWorse(p.after!.aigc!, p.before!.aigc!, 30)).toBe(true);
    if (p.rewritten) expect(p.strategy).toMatch(/^model/);
  }
  expect(body.some((p) => p.rewritten === fakeModelRewrite(p.original))).toBe(true);
  const calls = await ctx.db.selectFrom('llmCalls').select('feature').where('userId', '=', user.id).execute();
  expect(new Set(calls.map((c) => c.feature))).toEqual(new Set(['rewrite']));
  await expectLedgerMatches(ctx, user.id);
});

it('a failed run refunds exactly once; reload charges once more and runs again', async () => {
  const ctx = s.ctx();
  fake.respond(() => ({ status: 500, error: 'upstream exploded' }));
  const user = await s.user(10_000);
  const rec = (
    await s.init(user.token, {
      text: SOURCE_PARAGRAPHS[0],
      path: 'model',
      kind: 'aigc',
      targetSimilarity: 10,
      targetAigc: 5,
    })
  ).body.result;
  expect(rec.priceFen).toBe(Math.ceil(rec.characters / 1000) * 600);
  await s.submit(user.token, rec.id);
  const failed = await s.finished(user.token, rec.id);
  expect(failed.status).toBe('failed');
  expect(failed.message).toContain('费用已退回');
  expect((await ctx.billing.wallet(user.id)).balance).toBe(10_000);
  expect((await refunds(user.id)).map((r) => Number(r.delta))).toEqual([rec.priceFen]);
  // a late second failure report changes nothing
  await ctx.reducing.failJob(rec.id, new Error('again'));
  expect((await refunds(user.id)).length).toBe(1);
  expect((await ctx.billing.wallet(user.id)).balance).toBe(10_000);

  fake.respond((req) => ({ chunks: [fakeModelRewrite(passage(req))] }));
  const reload = await call<ReduceRecord>(s.app(), 'POST', `${API}/reload?id=${rec.id}`, {
    token: user.token,
  });
  expect(reload.status, reload.body.message).toBe(200);
  const done = await s.finished(user.token, rec.id);
  expect(done.status).toBe('done');
  // the second charge is settled for what met the targets (one refund of the rest at most)
  expect(done.settlement!.chargedFen + done.settlement!.refundFen).toBe(rec.priceFen);
  expect((await refunds(user.id)).length).toBe(done.settlement!.refundFen > 0 ? 2 : 1);
  expect((await ctx.billing.wallet(user.id)).balance).toBe(10_000 - done.settlement!.chargedFen);
  await expectLedgerMatches(ctx, user.id);
});

it('a restart resumes at the first unfinished paragraph, keeps the stored ones and charges nothing again', async () => {
  const ctx = s.ctx();
  const user = await s.user();
  const rec = (await s.init(user.token, { text: SOURCE_TEXT })).body.result;
  await s.submit(user.token, rec.id);
  expect((await s.finished(user.token, rec.id)).status).toBe('done');
  const stored = await ctx.db
    .selectFrom('reduceParagraphs')
    .select(['idx', 'outcome'])
    .where('recordId', '=', rec.id)
    .orderBy('idx')
    .execute();
  // what a crash after the second paragraph leaves: running, two outcomes stored
  await s.killedAfter(rec.id, 2);
  const charges = async () =>
    (
      await ctx.db
        .selectFrom('ledger')
        .select('id')
        .where('userId', '=', user.id)
        .where('reason', '=', 'charge')
        .execute()
    ).length;
  expect(await charges()).toBe(1);

  let recovered: unknown[] = [];
  ctx.reducing.registerJobs({
    kind: 'local',
    register: (_k, registration) => {
      void registration.recover?.().then((r) => {
        recovered = r;
      });
    },
    enqueue: async () => {},
    startWorkers: async () => {},
    workers: async () => [],
    close: async () => {},
  });
  await new Promise((r) => setTimeout(r, 50));
  expect(recovered).toContainEqual({ recordId: rec.id });
  await ctx.reducing.runJob(rec.id, { attempt: 1, signal: new AbortController().signal });

  const after = await ctx.db
    .selectFrom('reduceParagraphs')
    .select(['idx', 'outcome'])
    .where('recordId', '=', rec.id)
    .orderBy('idx')
    .execute();
  // the first two are exactly what was stored (not recomputed); the rest are computed again
  expect(after.slice(0, 2)).toEqual(stored.slice(0, 2));
  expect(after.slice(2).every((p) => p.outcome !== null)).toBe(true);
  expect((await s.finished(user.token, rec.id)).status).toBe('done');
  expect(await charges()).toBe(1);
  await expectLedgerMatches(ctx, user.id);
});

it('per-paragraph decisions and redo, submit_check, and the generated .docx follows the decisions', async () => {
  const app = s.app();
  const user = await s.user();
  const rec = (await s.init(user.token, { title: '决定', text: SOURCE_TEXT })).body.result;
  await s.submit(user.token, rec.id);
  await s.finished(user.token, rec.id);
  const first = (await s.content(user.token, rec.id)).paragraphs.find((p) => p.rewritten)!;
  expect(first).toBeDefined();

  const post = <T>(path: string, body?: unknown) =>
    call<T>(app, 'POST', `${API}/${path}`, { token: user.token, ...(body ? { body } : {}) });
  const reject = await post<ReduceParagraphResult>(`update_paragraph?id=${rec.id}`, {
    index: first.index,
    decision: 'rejected',
  });
  expect(reject.status, reject.body.message).toBe(200);
  expect(reject.body.result.paragraph.text).toBe(first.original);
  expect(reject.body.result.paragraph.changes).toEqual([]);

  const mine = `${first.original.slice(0, 30)}（作者自行修改）`;
  const edit = await post<ReduceParagraphResult>(`update_paragraph?id=${rec.id}`, {
    index: first.index,
    decision: 'edited',
    text: mine,
  });
  expect(edit.status, edit.body.message).toBe(200);
  expect(edit.body.result.paragraph).toMatchObject({ decision: 'edited', text: mine });
  expect(edit.body.result.paragraph.after?.similarity).not.toBeNull();
  const empty = await post(`update_paragraph?id=${rec.id}`, {
    index: first.index,
    decision: 'edited',
    text: ' ',
  });
  expect(empty.status).toBe(400);
  expect(empty.body.message).toContain('请填写修改后的段落文字');

  const redo = await post<ReduceParagraphResult>(`redo_paragraph?id=${rec.id}`, { index: first.index });
  expect(redo.status, redo.body.message).toBe(200);
  expect(redo.body.result.paragraph).toMatchObject({ decision: 'pending', redos: 1, redosLeft: 2 });
  const heading = await post(`redo_paragraph?id=${rec.id}`, { index: 999 });
  expect(heading.status).toBe(404);

  const unmet = await post<Page<ReduceParagraph>>(`query_content_list?id=${rec.id}&pageNo=1&pageSize=2`, {
    only: 'changed',
  });
  expect(unmet.status, unmet.body.message).toBe(200);
  expect(unmet.body.result.records.every((p) => p.changes.length > 0)).toBe(true);

  // the generated .docx carries the final text (GET and the spec's POST)
  const final = (await s.content(user.token, rec.id)).paragraphs;
  for (const method of ['GET', 'POST'] as const) {
    const dl = await app.inject({ method, url: `${API}/download?id=${rec.id}`, headers: bearer(user.token) });
    expect(dl.statusCode).toBe(200);
    const read = await readDocument(dl.rawPayload, 'result.docx');
    const all = read.blocks.map((b) => b.text).join('\n');
    for (const p of final.filter((x) => x.kind === 'paragraph')) expect(all).toContain(p.text);
  }

  const check = await call<CheckRecord>(app, 'POST', `${API}/submit_check?id=${rec.id}`, {
    token: user.token,
  });
  expect(check.status, check.body.message).toBe(200);
  expect(check.body.result).toMatchObject({ status: 'created', edition: 'professional', paidFen: 0 });
  const reloaded = await call<ReduceRecord>(app, 'POST', `${API}/load_by_id?id=${rec.id}`, {
    token: user.token,
  });
  expect(reloaded.body.result.checkRecordId).toBe(check.body.result.id);
});

it("a .docx comes back as the user's own document, paragraphs replaced, and as Word tracked revisions", async () => {
  const app = s.app();
  const user = await s.user();
  const docx = await buildDocx([
    { text: '城市数字治理研究', style: 'Title' },
    { text: '一、引言', style: 'Heading1' },
    ...SOURCE_PARAGRAPHS.slice(0, 2).map((text) => ({ text })),
  ]);
  const form = multipart({ targetSimilarity: '20' }, { name: '论文.docx', data: docx });
  const init = await call<ReduceRecord>(app, 'POST', `${API}/machine_init`, {
    token: user.token,
    ...form,
  });
  expect(init.status, init.body.message).toBe(200);
  expect(init.body.result).toMatchObject({ origin: 'upload', keepsDocument: true, fileName: '论文.docx' });
  await s.submit(user.token, init.body.result.id);
  expect((await s.finished(user.token, init.body.result.id)).status).toBe('done');
  const paragraphs = (await s.content(user.token, init.body.result.id)).paragraphs;
  const changed = paragraphs.filter((p) => p.rewritten);
  expect(changed.length).toBeGreaterThan(0);

  const get = (track: boolean) =>
    app.inject({
      method: 'GET',
      url: `${API}/download?id=${init.body.result.id}${track ? '&track=1' : ''}`,
      headers: bearer(user.token),
    });
  const plain = await get(false);
  expect(plain.statusCode).toBe(200);
  const read = await readDocument(plain.rawPayload, 'back.docx');
  expect(read.blocks.map((b) => b.text)).toEqual(paragraphs.map((p) => p.text));
  // the user's styles are still there: the title and the heading
  const xml = await (await JSZip.loadAsync(plain.rawPayload)).file('word/document.xml')!.async('string');
  expect(xml).toContain('w:val="Title"');
  expect(xml).toContain('w:val="Heading1"');
  expect(xml).not.toContain('<w:ins ');

  const tracked = await get(true);
  expect(tracked.statusCode).toBe(200);
  const txml = await (await JSZip.loadAsync(tracked.rawPayload)).file('word/document.xml')!.async('string');
  expect(txml).toContain('<w:ins ');
  expect(txml).toContain('<w:del ');
});

it('an offline run that misses its target says so with the figures and continues with the model on the unmet paragraphs', async () => {
  const app = s.app();
  const user = await s.user();
  const rec = (await s.init(user.token, { text: SOURCE_TEXT, targetSimilarity: 5 })).body.result;
  await s.submit(user.token, rec.id);
  const done = await s.finished(user.token, rec.id);
  expect(done.status, done.message).toBe('done');
  const note = done.notes.find((n) => n.target === 'similarity');
  expect(note).toMatchObject({ targetPercent: 5, path: 'offline', suggestModel: true });
  expect(note!.message).toContain(`${done.after!.similarity} %`);
  expect(note!.message).toContain('AI 模型');
  const offline = (await s.content(user.token, rec.id)).paragraphs;
  const unmet = offline.filter((p) => p.met === false);
  expect(unmet.length).toBe(note!.unmetParagraphs);

  const next = await call<ReduceRecord>(app, 'POST', `${API}/reload?id=${rec.id}&path=model`, {
    token: user.token,
  });
  expect(next.status, next.body.message).toBe(200);
  expect(next.body.result).toMatchObject({
    status: 'created',
    path: 'model',
    targetParagraphs: unmet.length,
  });
  expect(next.body.result.id).not.toBe(rec.id);
  expect(next.body.result.characters).toBe(unmet.reduce((n, p) => n + p.original.length, 0));
  await s.submit(user.token, next.body.result.id);
  expect((await s.finished(user.token, next.body.result.id)).status).toBe('done');
  const model = (await s.content(user.token, next.body.result.id)).paragraphs;
  // the met paragraphs keep their offline text; the unmet ones went to the model
  for (const p of offline.filter((x) => x.met)) expect(model[p.index]!.text).toBe(p.text);
  expect(fake.requests.length).toBeGreaterThan(0);
});

it.skipIf(!hasData)(
  '降AIGC by model: the prompt names what the detector saw in the paragraph (its reasons), not only the figures',
  async () => {
    const user = await s.user();
    const text = heldOutPairs(2)
      .map((p) => p.ai)
      .join('\n');
    const rec = (await s.init(user.token, { text, path: 'model', targetAigc: 5 })).body.result;
    expect(rec.goal).toBe('aigc');
    await s.submit(user.token, rec.id);
    const done = await s.finished(user.token, rec.id);
    expect(done.status, done.message).toBe('done');
    // every held-out AI abstract has 显著 sentences, so each was sent with the detector's reasons
    expect(done.before!.aigc).toBeGreaterThan(5);
    const prompts = fake.requests.map((r) => r.messages[0]?.content ?? '');
    expect(prompts.length).toBeGreaterThan(0);
    for (const p of prompts)
      expect(p).toMatch(/AIGC 检测器指出的 AI 痕迹，请优先修改：.*(连接词|句子长度|套话|可预测)/);
  },
);

it('a QR order carries the path chosen on the confirm page: the record takes it and the QR asks its price', async () => {
  const app = s.app();
  const user = await s.user(0);
  const init = await s.init(user.token, {
    title: '扫码换方式',
    kind: 'aigc',
    path: 'offline',
    text: SOURCE_TEXT,
  });
  expect(init.status, init.body.message).toBe(200);
  const rec = init.body.result;
  const model = await s.ctx().billing.quote('aigc_rewrite', 'model', { characters: rec.characters });
  expect(model.fen).not.toBe(rec.priceFen);

  const order = await call<{ amountFen: number; orderNo: string }>(
    app,
    'POST',
    '/api/order/order_info_api/create_order',
    {
      token: user.token,
      body: { recordType: 'reduce', recordId: rec.id, edition: 'model' },
    },
  );
  expect(order.status, order.body.message).toBe(200);
  expect(order.body.result.amountFen).toBe(model.fen);
  const after = (
    await call<ReduceRecord>(app, 'POST', `${API}/load_by_id?id=${rec.id}`, { token: user.token })
  ).body.result;
  expect([after.path, after.priceFen]).toEqual(['model', model.fen]);

  // with the order standing, the path no longer changes
  const other = await call(app, 'POST', '/api/order/order_info_api/create_order', {
    token: user.token,
    body: { recordType: 'reduce', recordId: rec.id, edition: 'standard' },
  });
  expect(other.status).toBe(409);
});

it("the reduce prices are contracts' REDUCE_PRICING, the table the confirm page quotes from", async () => {
  const app = s.app();
  const user = await s.user(0);
  // a distinct unit price under each key the table names: each kind's path must quote exactly its own
  const unit = { similarity: { offline: 111, model: 222 }, aigc: { offline: 333, model: 444 } };
  for (const kind of ['similarity', 'aigc'] as const)
    for (const path of ['offline', 'model'] as const) {
      const { service, edition } = REDUCE_PRICING[kind];
      await s.ctx().sysConfig.set(priceKey(service, edition[path]), {
        unit: 'per_1000_chars',
        fen: unit[kind][path],
        label: `测试 ${kind} ${path}`,
      });
    }
  try {
    for (const kind of ['similarity', 'aigc'] as const) {
      const rec = (await s.init(user.token, { title: `价格表 ${kind}`, kind, text: SOURCE_TEXT })).body
        .result;
      const detail = (
        await call<ReduceDetail>(app, 'POST', `${API}/load_by_id?id=${rec.id}`, { token: user.token })
      ).body.result;
      const units = Object.fromEntries(detail.quotes.map((q) => [q.path, q.unitPriceFen]));
      expect(units, kind).toEqual(unit[kind]);
      // a QR order names the path by the table's edition, and asks the price of that edition
      const order = await call<{ amountFen: number }>(app, 'POST', '/api/order/order_info_api/create_order', {
        token: user.token,
        body: { recordType: 'reduce', recordId: rec.id, edition: REDUCE_PRICING[kind].edition.model },
      });
      expect(order.status, order.body.message).toBe(200);
      expect(order.body.result.amountFen).toBe(detail.quotes.find((q) => q.path === 'model')!.priceFen);
    }
  } finally {
    for (const p of DEFAULT_PRICES) await s.ctx().sysConfig.set(priceKey(p.service, p.edition), p.entry);
  }
});

it('a QR order carries the targets set on the confirm page: the paid order runs the record with them', async () => {
  const app = s.app();
  const user = await s.user(0);
  const rec = (
    await s.init(user.token, {
      title: '扫码换目标',
      kind: 'aigc',
      path: 'offline',
      text: SOURCE_TEXT,
      targetAigc: 20,
    })
  ).body.result;
  expect(rec.targets).toEqual({ similarity: null, aigc: 20 });

  // the confirm page changed the target to 复制比 15 % and AIGC 12 % before paying by QR
  const terms = {
    recordType: 'reduce',
    recordId: rec.id,
    edition: 'standard',
    targetSimilarity: 15,
    targetAigc: 12,
  };
  const order = await call<{ amountFen: number; orderNo: string }>(
    app,
    'POST',
    '/api/order/order_info_api/create_order',
    { token: user.token, body: terms },
  );
  expect(order.status, order.body.message).toBe(200);
  const ordered = (
    await call<ReduceRecord>(app, 'POST', `${API}/load_by_id?id=${rec.id}`, { token: user.token })
  ).body.result;
  expect(ordered.targets).toEqual({ similarity: 15, aigc: 12 });

  // once the order stands, other targets are refused with a plain reason (by QR and by the balance alike) …
  const other = await call(app, 'POST', '/api/order/order_info_api/create_order', {
    token: user.token,
    body: { recordType: 'reduce', recordId: rec.id, edition: 'standard', targetAigc: 8 },
  });
  expect(other.status).toBe(409);
  expect(other.body.message).toContain('不能再更改目标');
  const bySubmit = await s.submit(user.token, rec.id, '&targetAigc=8');
  expect(bySubmit.status).toBe(409);
  expect(bySubmit.body.message).toContain('不能再更改目标');
  // … while the same targets again (the dialog reopened) are the same order's terms
  const again = await call(app, 'POST', '/api/order/order_info_api/create_order', {
    token: user.token,
    body: terms,
  });
  expect(again.status, again.body.message).toBe(200);

  const paid = await call<{ status: string }>(app, 'POST', '/api/order/order_info_api/f/sandbox_pay', {
    body: { orderNo: order.body.result.orderNo },
  });
  expect(paid.body.result.status).toBe('fulfilled');
  const done = await s.finished(user.token, rec.id);
  expect(done.status).toBe('done');
  expect(done.targets).toEqual({ similarity: 15, aigc: 12 });
  await expectLedgerMatches(s.ctx(), user.id);
});
