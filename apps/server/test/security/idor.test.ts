import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { CheckReport } from '@paperdesk/contracts';
import { SUBMITTED_SOURCE_TITLE } from '../../src/services/checks/sources.ts';
import { call, documentText, waitFor, waitForCheckDone } from '../check/support.ts';
import { THESIS_COVER } from '../writing/support.ts';
import { type OwnedRecords, type RecordKind, type SecurityApp, startSecurityApp } from './records.ts';

/**
 * The IDOR walker. It reads the server's route table at run time (an onRoute hook on every Fastify
 * instance the app creates), finds every route that names a record (a `:param`, or a query/body field
 * `id`, `…Id` or `…No` in its zod schema), and calls it with user A's records as user B and as a guest:
 * the answer must be 404 (a guest may get 401), never A's data. A's own call is the control that the
 * request was fed right (it must not be 401/403/404). A route with an id that no feed below knows fails
 * the walk, so a new route is covered the day it is added.
 *
 * SQLite only: ownership checks are in the services' queries, the same SQL on both databases, and the
 * walk makes five model-backed records per user; the storage tests already run both dialects.
 */

const registered: RouteOptions[] = [];
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const factory = ((opts?: Parameters<typeof mod.default>[0]) => {
    const app = mod.default(opts);
    app.addHook('onRoute', (route) => {
      registered.push(route as RouteOptions);
    });
    return app;
  }) as typeof mod.default;
  return { ...mod, default: factory, fastify: factory };
});

/** Field names that name a record (or a row of a catalogue); `openid` etc. are not ours. */
const ID_FIELD = /^(id|[a-z][A-Za-z]*Id|[a-z][A-Za-z]*No)$/;
/** Look like ids but name none: a page number, and the payment provider a signed callback is from. */
const NOT_IDS = new Set(['pageNo', 'provider']);
const isId = (f: string) => ID_FIELD.test(f) && !NOT_IDS.has(f);

interface Walked {
  method: string;
  url: string;
  /** Where each id-like field sits. */
  fields: string[];
}

/** Property names of a zod schema's input, across union branches. */
function fieldNames(schema: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const n = node as { properties?: object; anyOf?: unknown[]; oneOf?: unknown[]; allOf?: unknown[] };
    for (const k of Object.keys(n.properties ?? {})) names.add(k);
    for (const b of [...(n.anyOf ?? []), ...(n.oneOf ?? []), ...(n.allOf ?? [])]) visit(b);
  };
  visit(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
  return [...names];
}

function routesWithIds(): Walked[] {
  const out: Walked[] = [];
  for (const r of registered) {
    const methods = (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD');
    const schema = (r.schema ?? {}) as Record<string, unknown>;
    const fields = [
      ...[...r.url.matchAll(/:(\w+)/g)]
        .map((m) => m[1] as string)
        .filter((p) => !NOT_IDS.has(p))
        .map((p) => `params.${p}`),
      ...fieldNames(schema.querystring)
        .filter(isId)
        .map((f) => `query.${f}`),
      ...fieldNames(schema.body)
        .filter(isId)
        .map((f) => `body.${f}`),
    ];
    if (fields.length) for (const method of methods) out.push({ method, url: r.url, fields });
  }
  return out;
}

interface Call {
  query?: Record<string, string | number>;
  body?: unknown;
  /** The URL with its `:params` filled. */
  url?: string;
}

/**
 * How a route is fed, by what its id names:
 * - `owned`: a record a user owns; `call(t)` names `t`'s records. `mixed(a, b)` (optional) names the
 *   caller b's own record together with a's other record (an order paying for it, a section of it).
 * - `admin`: an administrator's tool; a user gets 403, a guest 401.
 * - `public`: a catalogue row nobody owns (products, public config); read as a guest.
 * - `capability`: the unguessable key in a QR code is the credential (a phone scanning it is not
 *   signed in as the desktop's user); a guessed key must get 404.
 * - `browser`: bound to the browser cookie that created it; anyone else gets 403.
 * - `static`: the same page whatever the id (the page's script reads the id from the URL).
 */
type Feed =
  | {
      policy: 'owned';
      call: (t: OwnedRecords) => Call | Call[];
      mixed?: (a: OwnedRecords, b: OwnedRecords) => Call;
    }
  | { policy: 'admin'; call: (t: OwnedRecords) => Call }
  | { policy: 'public'; call: () => Call }
  | { policy: 'capability'; guessed: (t: OwnedRecords) => Call; signedIn: boolean }
  | { policy: 'browser'; call: (t: OwnedRecords) => Call }
  | { policy: 'static'; call: (t: OwnedRecords) => Call; other: () => Call };

/** Each area's `id` names a record of this kind; `?id=` routes of an area need no entry of their own. */
const AREAS: Record<string, RecordKind> = {
  '/api/base/check_api/': 'check',
  '/api/base/paper_aigc_api/': 'aigc',
  '/api/base/machine_api/': 'machine',
  '/api/base/paper_info_api/': 'paper',
  '/api/base/ai_ppt_info_api/': 'ppt',
  '/api/base/chat_gpt_api/': 'chat',
  '/api/order/order_info_api/': 'order',
  '/api/base/paper_machine_api/': 'reduce',
};

const CHECK = '/api/base/check_api';
const AIGC = '/api/base/paper_aigc_api';
const MACHINE = '/api/base/machine_api';
const PAPER = '/api/base/paper_info_api';
const PPT = '/api/base/ai_ppt_info_api';
const ORDER = '/api/order/order_info_api';
const REDUCE = '/api/base/paper_machine_api';
const WRITING_SOURCES = '/api/base/writing_source_api';
const PPT_DRAFT = {
  topic: '城市更新中的社区治理研究',
  templateId: 'academic-blue',
  slideCount: 8,
  scene: 'defense',
};
/** create_order's recordType for each kind that can be paid per record. */
const PAYABLE: Partial<Record<RecordKind, string>> = {
  check: 'check',
  aigc: 'aigc',
  machine: 'rewrite',
  ppt: 'ppt',
  reduce: 'reduce',
};

const FEEDS: Record<string, Feed> = {
  // 全文降重 / 降AIGC (paper_machine_api and paper_aigc_api's reduce calls)
  [`POST ${REDUCE}/query_list`]: {
    policy: 'owned',
    call: (t) => ({
      query: { pageNo: 1, pageSize: 10 },
      body: { origin: 'aigc', sourceRecordId: t.ids.aigc },
    }),
  },
  [`POST ${REDUCE}/machine_submit`]: { policy: 'owned', call: (t) => ({ query: { id: t.pending.reduce } }) },
  [`POST ${AIGC}/machine_submit`]: { policy: 'owned', call: (t) => ({ query: { id: t.pending.reduce } }) },
  [`POST ${REDUCE}/reload`]: { policy: 'owned', call: (t) => ({ query: { id: t.ids.reduce } }) },
  [`GET ${REDUCE}/download`]: { policy: 'owned', call: (t) => ({ query: { id: t.ids.reduce, track: 1 } }) },
  [`POST ${REDUCE}/download`]: { policy: 'owned', call: (t) => ({ query: { id: t.ids.reduce } }) },
  [`POST ${REDUCE}/query_content_list`]: {
    policy: 'owned',
    call: (t) => ({ query: { id: t.ids.reduce, pageNo: 1, pageSize: 5 } }),
  },
  [`POST ${AIGC}/query_content_list`]: {
    policy: 'owned',
    call: (t) => ({ query: { id: t.ids.reduce, pageNo: 1, pageSize: 5 }, body: { only: 'all' } }),
  },
  [`POST ${REDUCE}/update_paragraph`]: {
    policy: 'owned',
    call: (t) => ({ query: { id: t.ids.reduce }, body: { index: 0, decision: 'accepted' } }),
  },
  [`POST ${REDUCE}/redo_paragraph`]: {
    policy: 'owned',
    call: (t) => ({ query: { id: t.ids.reduce }, body: { index: 0 } }),
  },
  [`POST ${REDUCE}/check_machine_submit`]: { policy: 'owned', call: (t) => ({ query: { id: t.ids.check } }) },
  [`POST ${REDUCE}/check_aigc_machine_submit`]: {
    policy: 'owned',
    call: (t) => ({ query: { id: t.ids.aigc } }),
  },
  [`POST ${AIGC}/aigc_machine_submit`]: { policy: 'owned', call: (t) => ({ query: { id: t.ids.aigc } }) },
  [`POST ${CHECK}/check_cost`]: { policy: 'owned', call: (t) => ({ body: { id: t.ids.check } }) },
  [`POST ${CHECK}/check_submit`]: {
    policy: 'owned',
    call: (t) => ({ body: { id: t.ids.check } }),
    mixed: (a, b) => ({ body: { id: b.pending.check, orderId: a.recordOrders.check } }),
  },
  [`POST ${CHECK}/update_title`]: {
    policy: 'owned',
    call: (t) => ({ query: { id: t.ids.check }, body: { title: '改过的标题' } }),
  },
  [`POST ${AIGC}/submit_check`]: {
    policy: 'owned',
    call: (t) => ({ query: { id: t.ids.aigc } }),
    mixed: (a, b) => ({ query: { id: b.pending.aigc, orderId: a.recordOrders.aigc } }),
  },
  [`POST ${AIGC}/check_order_id`]: {
    policy: 'owned',
    call: (t) => ({ query: { id: t.pending.aigc, orderId: t.recordOrders.aigc } }),
    mixed: (a, b) => ({ query: { id: b.pending.aigc, orderId: a.recordOrders.aigc } }),
  },
  [`POST ${MACHINE}/machine_submit`]: {
    policy: 'owned',
    call: (t) => ({ body: { id: t.ids.machine } }),
    mixed: (a, b) => ({ body: { id: b.pending.machine, orderId: a.recordOrders.machine } }),
  },
  [`POST ${MACHINE}/machine_cnki_submit`]: {
    policy: 'owned',
    call: (t) => ({ body: { id: t.pending.machineCnki } }),
    mixed: (a, b) => ({ body: { id: b.pending.machineCnki, orderId: a.recordOrders.machineCnki } }),
  },
  [`POST ${MACHINE}/check_order_id`]: {
    policy: 'owned',
    call: (t) => ({ query: { id: t.pending.machine, orderId: t.recordOrders.machine } }),
    mixed: (a, b) => ({ query: { id: b.pending.machine, orderId: a.recordOrders.machine } }),
  },
  // 论文写作's own sources: the paper is the caller's, and so must be every 自建库 document it picks
  [`POST ${WRITING_SOURCES}/query_list`]: { policy: 'owned', call: (t) => ({ query: { id: t.ids.paper } }) },
  [`POST ${WRITING_SOURCES}/save`]: {
    policy: 'owned',
    call: (t) => ({ body: { id: t.pending.paper, library: [t.personalDoc] } }),
    mixed: (a, b) => ({ body: { id: b.pending.paper, library: [a.personalDoc] } }),
  },
  [`POST ${PAPER}/query_paper_content`]: {
    policy: 'owned',
    call: (t) => ({ body: { type: 'section', id: t.ids.paper, sectionId: t.paperSectionId } }),
    mixed: (a, b) => ({ body: { type: 'section', id: b.ids.paper, sectionId: a.paperSectionId } }),
  },
  [`POST ${PAPER}/paper_xueshu_submit`]: {
    policy: 'owned',
    call: (t) => ({ body: { id: t.ids.paper, outline: t.paperOutline } }),
    mixed: (a, b) => ({ body: { id: b.pending.paper, outline: b.paperOutline, orderId: a.ids.order } }),
  },
  [`POST ${PAPER}/paper_submit`]: {
    policy: 'owned',
    call: (t) => ({ body: { id: t.ids.paper, outline: t.paperOutline, cover: THESIS_COVER } }),
    mixed: (a, b) => ({
      body: { id: b.pending.thesis, outline: b.thesisOutline, cover: THESIS_COVER, orderId: a.ids.order },
    }),
  },
  [`POST ${PPT}/save_or_update`]: {
    policy: 'owned',
    call: (t) => ({ body: { ...PPT_DRAFT, id: t.ids.ppt } }),
  },
  [`POST ${PPT}/change_template`]: {
    policy: 'owned',
    call: (t) => ({ query: { id: t.ids.ppt }, body: { templateId: 'academic-blue' } }),
  },
  'POST /api/base/chat_gpt_api/completions': {
    policy: 'owned',
    call: (t) => ({ body: { conversationId: t.ids.chat, message: '继续上面的话题' } }),
  },
  [`POST ${ORDER}/create_order`]: {
    policy: 'owned',
    call: (t) =>
      Object.entries(PAYABLE).map(([kind, recordType]) => ({
        body: { recordType, recordId: t.ids[kind as RecordKind] },
      })),
  },
  'POST /api/order/pay_api/pay_options': {
    policy: 'owned',
    call: (t) => [
      { query: { recordType: 'check', recordId: t.pending.check } },
      { query: { recordType: 'aigc', recordId: t.pending.aigc } },
      { query: { recordType: 'rewrite', recordId: t.pending.machine } },
      { query: { recordType: 'reduce', recordId: t.pending.reduce } },
    ],
  },
  [`POST ${ORDER}/refund`]: {
    policy: 'admin',
    call: (t) => ({ query: { id: t.ids.order }, body: { reason: '测试' } }),
  },
  [`POST ${ORDER}/f/sandbox_pay`]: {
    policy: 'capability',
    signedIn: false,
    guessed: (t) => ({ body: { orderNo: guess(t.orderNo) } }),
  },
  'GET /m/pay/:orderNo': {
    policy: 'capability',
    signedIn: false,
    guessed: (t) => ({ url: `/m/pay/${guess(t.orderNo)}` }),
  },
  'POST /api/base/login_api/qr_confirm': {
    policy: 'capability',
    signedIn: true,
    guessed: (t) => ({ body: { id: guess(t.qrId) } }),
  },
  'POST /api/base/login_api/qr_request': {
    policy: 'capability',
    signedIn: true,
    guessed: (t) => ({ body: { id: guess(t.qrId) } }),
  },
  'POST /api/base/login_api/f/val_login_qr_code': {
    policy: 'browser',
    call: (t) => ({ query: { id: t.qrId } }),
  },
  'GET /m/qr/:id': {
    policy: 'static',
    call: (t) => ({ url: `/m/qr/${t.qrId}` }),
    other: () => ({ url: '/m/qr/someone-else' }),
  },
  'POST /api/base/library_api/delete': { policy: 'admin', call: () => ({ query: { id: 1 } }) },
  'POST /api/base/library_api/my/delete': {
    policy: 'owned',
    call: (t) => ({ query: { id: t.personalDoc } }),
  },
  'POST /api/admin/users/adjust_balance': {
    policy: 'admin',
    call: (t) => ({ body: { userId: t.owner.id, deltaFen: 100, reason: '测试' } }),
  },
  'POST /api/admin/users/reset_password': {
    policy: 'admin',
    call: (t) => ({ body: { userId: t.owner.id, password: 'temporary-123' } }),
  },
  'POST /api/admin/packages/update': { policy: 'admin', call: () => ({ body: { id: 1 } }) },
  'POST /api/admin/packages/set_active': {
    policy: 'admin',
    call: () => ({ body: { id: 1, active: false } }),
  },
  'GET /api/admin/orders': { policy: 'admin', call: (t) => ({ query: { userId: t.owner.id } }) },
  'GET /api/admin/orders/export': { policy: 'admin', call: (t) => ({ query: { userId: t.owner.id } }) },
  'GET /api/admin/users/detail': { policy: 'admin', call: (t) => ({ query: { id: t.owner.id } }) },
  'POST /api/admin/orders/refund': {
    policy: 'admin',
    call: (t) => ({ body: { orderId: t.ids.order, reason: '测试', requestKey: 'idor-walk-refund' } }),
  },
  'POST /api/admin/system/retry': {
    policy: 'admin',
    call: (t) => ({ body: { kind: 'check', id: t.ids.check } }),
  },
  'POST /api/admin/users/set_disabled': {
    policy: 'admin',
    call: (t) => ({ body: { userId: t.owner.id, disabled: true } }),
  },
  'POST /api/base/product_package_api/load_by_id': { policy: 'public', call: () => ({ query: { id: 1 } }) },
  'POST /api/base/ai_sys_config_api/f/load_by_id': {
    policy: 'public',
    call: () => ({ query: { id: 'feature.llm' } }),
  },
};

/** The key with its last characters changed: what someone guessing a neighbour would try. */
function guess(key: string): string {
  const tail = key.slice(-4);
  return key.slice(0, -4) + (tail === 'zzzz' ? 'yyyy' : 'zzzz');
}

/** The feed for a route: its own entry, or the area's `?id=` default. */
function feedFor(route: Walked): Feed | null {
  const own = FEEDS[`${route.method} ${route.url}`];
  if (own) return own;
  const area = Object.entries(AREAS).find(([prefix]) => route.url.startsWith(prefix));
  if (area && route.fields.length === 1 && route.fields[0] === 'query.id') {
    const kind = area[1];
    return { policy: 'owned', call: (t) => ({ query: { id: t.ids[kind] } }) };
  }
  return null;
}

/** Reads first, then changes, then deletions (so each control still finds its record). */
const rank = (r: Walked) =>
  /\/(delete|refund)$/.test(r.url)
    ? 2
    : r.method === 'GET' || /load|query|report|cost|list/.test(r.url)
      ? 0
      : 1;

describe('IDOR walker [sqlite]', () => {
  let security: SecurityApp;
  let app: FastifyInstance;
  let A: OwnedRecords;
  let B: OwnedRecords;

  beforeAll(async () => {
    security = await startSecurityApp({ seeds: [11, 12] });
    app = security.app;
    [A, B] = security.owners as [OwnedRecords, OwnedRecords];
  }, 180_000);
  afterAll(() => security?.close());

  async function send(route: Walked, c: Call, headers: Record<string, string> = {}) {
    const query = c.query
      ? `?${new URLSearchParams(Object.entries(c.query).map(([k, v]): [string, string] => [k, String(v)]))}`
      : '';
    return app.inject({
      method: route.method as 'GET' | 'POST',
      url: `${c.url ?? route.url}${query}`,
      headers,
      ...(c.body !== undefined ? { payload: c.body as object } : {}),
    });
  }
  const as = (o: OwnedRecords) => ({ authorization: `Bearer ${o.owner.token}` });

  // The walk into the engine: what another user's check report can carry. A's 自建库 draft and A's paper
  // added to the library (加入比对库) are pasted whole into B's 专业版 check; every answer that carries B's report
  // (its JSON and its HTML download) must name neither, nor show the draft's text as a source. A's own check of
  // the same text is the control: it does find both, named.
  it("a second user's report never carries a private or submitter-identifying field", async () => {
    const SUBMITTED = { title: '甲同学未公开的毕业论文', author: '甲某某' };
    const submittedText = documentText(911, 3, 4);
    const checkAs = async (o: OwnedRecords, title: string, text: string, addToLibrary = false) => {
      const init = await call<{ id: number }>(app, 'POST', '/api/base/check_api/check_init', {
        token: o.owner.token,
        body: {
          title,
          author: addToLibrary ? SUBMITTED.author : '',
          text,
          edition: 'professional',
          addToLibrary,
        },
      });
      expect(init.status).toBe(200);
      const id = init.body.result.id;
      const submit = await call(app, 'POST', '/api/base/check_api/check_submit', {
        token: o.owner.token,
        body: { id },
      });
      expect(submit.status).toBe(200);
      await waitForCheckDone(app, o.owner.token, id);
      return id;
    };
    const submittedId = await checkAs(A, SUBMITTED.title, submittedText, true);
    await waitFor(
      async () =>
        (
          await security.ctx.db
            .selectFrom('checkRecords')
            .select('libraryDocumentId')
            .where('id', '=', submittedId)
            .executeTakeFirstOrThrow()
        ).libraryDocumentId !== null,
      20_000,
      '加入比对库',
    );
    const pasted = `${A.personalText}\n${submittedText}`;
    const reportOf = async (o: OwnedRecords, id: number) => {
      const json = await call<CheckReport>(app, 'GET', `/api/base/check_api/report_paragraphs?id=${id}`, {
        token: o.owner.token,
      });
      expect(json.status).toBe(200);
      const html = await app.inject({
        method: 'GET',
        url: `/api/base/check_api/download_report?id=${id}&type=html`,
        headers: as(o),
      });
      expect(html.statusCode).toBe(200);
      return { report: json.body.result, answers: [JSON.stringify(json.body.result), html.body] };
    };
    const draftTitle = '同学初稿';

    const control = await reportOf(A, await checkAs(A, '甲自己的复查', pasted));
    expect(control.report.sources.some((s) => s.documentId === A.personalDoc && s.personal)).toBe(true);
    expect(
      control.report.sources.some((s) => s.title === SUBMITTED.title && s.author === SUBMITTED.author),
    ).toBe(true);

    const other = await reportOf(B, await checkAs(B, '乙的论文', pasted));
    expect(other.report.sources.map((s) => s.documentId)).not.toContain(A.personalDoc);
    expect(other.report.sources.some((s) => s.personal)).toBe(false);
    const anonymous = other.report.sources.filter((s) => s.title === SUBMITTED_SOURCE_TITLE);
    expect(anonymous.length, '甲加入比对库的论文仍应被检出').toBeGreaterThan(0);
    for (const s of anonymous) expect([s.author, s.source, s.year]).toEqual(['', '', null]);
    const draftSpans = other.report.paragraphs
      .flatMap((p) => p.spans)
      .filter((sp) => sp.sourceText.length > 0 && A.personalText.includes(sp.sourceText));
    expect(draftSpans, '乙的报告不应以甲的自建库原文为来源').toEqual([]);
    for (const answer of other.answers)
      for (const secret of [SUBMITTED.title, SUBMITTED.author, draftTitle])
        expect(answer).not.toContain(secret);
  }, 120_000);

  it('every route that takes a record id refuses other users and guests', async () => {
    const routes = routesWithIds().sort((x, y) => rank(x) - rank(y));
    const unknown = routes
      .filter((r) => !feedFor(r))
      .map((r) => `${r.method} ${r.url} (${r.fields.join(', ')})`);
    expect(unknown, '这些带 id 的接口没有记录工厂（在 FEEDS 或 AREAS 中补上）').toEqual([]);
    const stale = Object.keys(FEEDS).filter((k) => !routes.some((r) => `${r.method} ${r.url}` === k));
    expect(stale, 'FEEDS 中有已不存在的接口').toEqual([]);

    const walked: string[] = [];
    const failures: string[] = [];
    const expectStatus = (what: string, got: number, allowed: number[], body: string) => {
      if (!allowed.includes(got))
        failures.push(`${what}: ${got}（应为 ${allowed.join('/')}）${body.slice(0, 160)}`);
    };
    for (const route of routes) {
      const feed = feedFor(route) as Feed;
      const name = `${route.method} ${route.url}`;
      switch (feed.policy) {
        case 'owned': {
          const calls = [feed.call(A)].flat();
          const seen: string[] = [];
          for (const c of calls) {
            const asB = await send(route, c, as(B));
            expectStatus(`${name} as B`, asB.statusCode, [404], asB.body);
            const asGuest = await send(route, c);
            expectStatus(`${name} as guest`, asGuest.statusCode, [401, 404], asGuest.body);
            const control = await send(route, c, as(A));
            if ([401, 403, 404].includes(control.statusCode))
              failures.push(`${name} control as A: ${control.statusCode} ${control.body.slice(0, 160)}`);
            seen.push(`B ${asB.statusCode} · guest ${asGuest.statusCode} · A ${control.statusCode}`);
          }
          if (feed.mixed) {
            const m = await send(route, feed.mixed(A, B), as(B));
            expectStatus(`${name} as B with A's linked id`, m.statusCode, [404], m.body);
            seen.push(`B's record + A's linked id ${m.statusCode}`);
          }
          walked.push(`${name}  owned  ${seen.join(' | ')}`);
          break;
        }
        case 'admin': {
          const c = feed.call(A);
          const asB = await send(route, c, as(B));
          expectStatus(`${name} as B`, asB.statusCode, [403], asB.body);
          const asGuest = await send(route, c);
          expectStatus(`${name} as guest`, asGuest.statusCode, [401], asGuest.body);
          walked.push(`${name}  admin  B ${asB.statusCode} · guest ${asGuest.statusCode}`);
          break;
        }
        case 'public': {
          const res = await send(route, feed.call());
          expectStatus(`${name} as guest`, res.statusCode, [200], res.body);
          walked.push(`${name}  public  guest ${res.statusCode}`);
          break;
        }
        case 'capability': {
          const c = feed.guessed(A);
          const asB = await send(route, c, as(B));
          expectStatus(`${name} guessed key as B`, asB.statusCode, [404], asB.body);
          const asGuest = await send(route, c);
          expectStatus(
            `${name} guessed key as guest`,
            asGuest.statusCode,
            feed.signedIn ? [401] : [404],
            asGuest.body,
          );
          walked.push(`${name}  capability  guessed key: B ${asB.statusCode} · guest ${asGuest.statusCode}`);
          break;
        }
        case 'browser': {
          const c = feed.call(A);
          const asB = await send(route, c, as(B));
          expectStatus(`${name} as B`, asB.statusCode, [403], asB.body);
          const asGuest = await send(route, c);
          expectStatus(`${name} as guest`, asGuest.statusCode, [403], asGuest.body);
          const control = await send(route, c, { cookie: A.qrCookie });
          expectStatus(`${name} control (A's browser)`, control.statusCode, [200], control.body);
          walked.push(
            `${name}  browser  B ${asB.statusCode} · guest ${asGuest.statusCode} · A's browser ${control.statusCode}`,
          );
          break;
        }
        case 'static': {
          const strip = (s: string) => s.replace(/nonce="[^"]+"/g, '');
          const mine = await send(route, feed.call(A), as(B));
          const other = await send(route, feed.other(), as(B));
          if (strip(mine.body) !== strip(other.body)) failures.push(`${name}: the page differs by id`);
          walked.push(`${name}  static  ${mine.statusCode}`);
          break;
        }
      }
    }
    console.log(
      `IDOR walker: ${walked.length} routes with ids walked\n${walked.map((w) => `  ${w}`).join('\n')}`,
    );
    expect(failures).toEqual([]);
    // Every kind of record was read back by at least one route of its area.
    for (const [prefix, kind] of Object.entries(AREAS))
      expect(
        walked.some((w) => w.includes(` ${prefix}`) && w.includes(' owned ')),
        kind,
      ).toBe(true);
  });
});
