import type {
  AdminRefundResult,
  AdminUserDetail,
  CheckRecord,
  FailedJob,
  LibraryMatch,
  LibraryUploadResult,
  Page,
  SystemStatus,
} from '@paperdesk/contracts';
import os from 'node:os';
import JSZip from 'jszip';
import { expect, it } from 'vitest';
import { credit, expectLedgerMatches, makeUser } from '../billing/helpers.ts';
import { call, chargeRows, documentText, multipart, waitForCheckDone } from '../check/support.ts';
import { adminApp } from '../support/admin-app.ts';
import { describeEachDatabase } from '../support/databases.ts';

/** The operator's side beyond the basics: partial refunds, user detail, failed-job retry, .zip import, matches. */
describeEachDatabase('admin operator actions', (getCtx) => {
  const site = adminApp(getCtx, { startWorkers: true });

  async function paidTopUp(fen: number) {
    const user = await makeUser(getCtx());
    const order = await call<{ id: number; orderNo: string }>(
      site.app,
      'POST',
      '/api/order/order_info_api/create_order',
      { token: user.token, body: { topUpFen: fen } },
    );
    expect(order.status, order.body.message).toBe(200);
    await call(site.app, 'POST', '/api/order/order_info_api/f/sandbox_pay', {
      body: { orderNo: order.body.result.orderNo },
    });
    return { user, orderId: order.body.result.id };
  }

  const refund = (body: object) =>
    call<AdminRefundResult>(site.app, 'POST', '/api/admin/orders/refund', { token: site.admin, body });

  it('partial refunds: once per request key, never more than was paid in total, audited before/after', async () => {
    const ctx = getCtx();
    const { user, orderId } = await paidTopUp(1000);

    const first = await refund({
      orderId,
      amountFen: 300,
      reason: '部分服务未使用',
      requestKey: 'req-aaaa-1',
    });
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.result).toMatchObject({ amountFen: 300, replayed: false });
    expect(first.body.result.order).toMatchObject({ refundedFen: 300, status: 'fulfilled' });
    // a double click (same key) refunds nothing more
    const again = await refund({
      orderId,
      amountFen: 300,
      reason: '部分服务未使用',
      requestKey: 'req-aaaa-1',
    });
    expect(again.status).toBe(200);
    expect(again.body.result).toMatchObject({ replayed: true, order: { refundedFen: 300 } });
    expect((await ctx.billing.wallet(user.id)).balance).toBe(700);

    // more than what is left: a clear Chinese error and nothing changed
    const tooMuch = await refund({ orderId, amountFen: 701, reason: '超额退款', requestKey: 'req-aaaa-2' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toMatch(/超过可退金额.*最多还可退 7\.00 元/);
    expect(
      await ctx.db.selectFrom('orderRefunds').select('id').where('orderId', '=', orderId).execute(),
    ).toHaveLength(1);
    expect((await ctx.billing.wallet(user.id)).balance).toBe(700);

    // no amount: the remainder; the order is then refunded in full and a further refund is refused
    const rest = await refund({ orderId, reason: '余款退回', requestKey: 'req-aaaa-3' });
    expect(rest.status, rest.body.message).toBe(200);
    expect(rest.body.result).toMatchObject({
      amountFen: 700,
      order: { refundedFen: 1000, status: 'refunded' },
    });
    const over = await refund({ orderId, amountFen: 1, reason: '再退一分', requestKey: 'req-aaaa-4' });
    expect(over.status).toBe(409);
    expect((await ctx.billing.wallet(user.id)).balance).toBe(0);
    await expectLedgerMatches(ctx, user.id);

    const audit = await site.audit('action=order.refund');
    expect(audit.records.filter((r) => r.target === `order:${orderId}`)).toMatchObject([
      { before: { refundedFen: 300 }, after: { refundedFen: 1000, status: 'refunded', amountFen: 700 } },
      { before: { refundedFen: 0, status: 'fulfilled' }, after: { refundedFen: 300, amountFen: 300 } },
    ]);
  });

  it('concurrent refunds with different keys never sum above the paid amount', async () => {
    const ctx = getCtx();
    const { orderId } = await paidTopUp(500);
    const results = await Promise.all(
      ['c1', 'c2', 'c3'].map((k) =>
        refund({ orderId, amountFen: 200, reason: '并发退款', requestKey: `req-conc-${k}` }),
      ),
    );
    const okCount = results.filter((r) => r.status === 200).length;
    expect(okCount).toBeGreaterThanOrEqual(1);
    expect(okCount).toBeLessThanOrEqual(2);
    const sum = (
      await ctx.db.selectFrom('orderRefunds').select('amountFen').where('orderId', '=', orderId).execute()
    )
      .map((r) => Number(r.amountFen))
      .reduce((a, b) => a + b, 0);
    expect(sum).toBe(okCount * 200);
    expect(sum).toBeLessThanOrEqual(500);
  });

  it('user detail: balance, every quota, orders and ledger rows of that user only', async () => {
    const ctx = getCtx();
    const { user, orderId } = await paidTopUp(888);
    await paidTopUp(111); // someone else
    const r = await call<AdminUserDetail>(site.app, 'GET', `/api/admin/users/detail?id=${user.id}`, {
      token: site.admin,
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.result.balanceFen).toBe(888);
    expect(r.body.result.quotas.map((q) => q.kind)).toContain('check');
    expect(r.body.result.orders.map((o) => o.id)).toEqual([orderId]);
    expect(r.body.result.ledger).toMatchObject([{ account: 'balance', delta: 888, reason: 'topup' }]);
    expect(
      (await call(site.app, 'GET', '/api/admin/users/detail?id=99999999', { token: site.admin })).status,
    ).toBe(404);
    const denied = await call(site.app, 'GET', `/api/admin/users/detail?id=${user.id}`, {
      token: user.token,
    });
    expect(denied.status).toBe(403);
    expect(ctx).toBeDefined();
  });

  it('a personal copy does not keep a text out of the shared library; the shared library still de-dups', async () => {
    const ctx = getCtx();
    const owner = await makeUser(ctx);
    const text = documentText(7301, 2, 4);
    const personal = await ctx.checks.library.add([{ title: '我的参考', author: '', source: '', text }], {
      origin: 'personal',
      ownerUserId: owner.id,
    });
    expect(personal.added).toBe(1);
    const shared = await ctx.checks.library.add([{ title: '公共文献', author: '', source: '', text }], {
      origin: 'import',
    });
    expect(shared.added).toBe(1);
    const twice = await ctx.checks.library.add([{ title: '公共文献', author: '', source: '', text }], {
      origin: 'import',
    });
    expect(twice).toMatchObject({ added: 0, skipped: 1 });
    const ownTwice = await ctx.checks.library.add([{ title: '我的参考', author: '', source: '', text }], {
      origin: 'personal',
      ownerUserId: owner.id,
    });
    expect(ownTwice).toMatchObject({ added: 0, skipped: 1 });
  });

  it('.zip import: a result per file, nothing half-imported, audited', async () => {
    const ctx = getCtx();
    await ctx.sysConfig.set('limit.check.maxUploadMb', 0.05);
    const good = documentText(7401, 2, 4);
    const zip = new JSZip();
    zip.file('论文/好.txt', good);
    zip.file('论文/重复.txt', good);
    zip.file('坏.docx', Buffer.from('PK\u0003\u0004 not a docx at all'));
    zip.file('空.txt', '');
    zip.file('图.png', Buffer.from([1, 2, 3]));
    zip.file('大.txt', '甲'.repeat(40_000)); // 120 KB of UTF-8: over the 0.05 MB per-file limit
    zip.file(
      '摘要.jsonl',
      [1, 2]
        .map((i) => JSON.stringify({ title: `摘要${i}`, author: '李四', text: documentText(7500 + i, 1, 4) }))
        .join('\n'),
    );
    zip.file(
      '半坏.jsonl',
      `${JSON.stringify({ title: '好的一行', text: documentText(7600, 1, 4) })}\n{not json\n`,
    );
    zip.file('.hidden.txt', 'x');
    const data = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const m = multipart({}, { name: '批量.zip', data });
    const r = await call<LibraryUploadResult>(site.app, 'POST', '/api/base/library_api/upload_zip', {
      token: site.admin,
      ...m,
    });
    expect(r.status, r.body.message).toBe(200);
    const byName = Object.fromEntries(r.body.result.files.map((f) => [f.file.replace('批量.zip/', ''), f]));
    expect(Object.keys(byName).sort()).toEqual(
      [
        '论文/好.txt',
        '论文/重复.txt',
        '坏.docx',
        '空.txt',
        '图.png',
        '大.txt',
        '摘要.jsonl',
        '半坏.jsonl',
      ].sort(),
    );
    expect(byName['论文/好.txt']?.status).toBe('imported');
    expect(byName['论文/重复.txt']?.status).toBe('duplicate');
    expect(byName['坏.docx']?.status).toBe('unreadable');
    expect(byName['空.txt']).toMatchObject({ status: 'unreadable', message: '空文件' });
    expect(byName['图.png']?.message).toMatch(/不支持的文件类型/);
    expect(byName['大.txt']?.message).toMatch(/文件过大/);
    expect(byName['摘要.jsonl']).toMatchObject({ status: 'imported', message: '已导入 2 篇，重复跳过 0 篇' });
    expect(byName['半坏.jsonl']).toMatchObject({ status: 'unreadable', message: '第 2 行不是合法的 JSON' });
    // 好.txt and the two 摘要 lines; nothing of 半坏.jsonl
    expect(r.body.result.ids).toHaveLength(3);
    const titles = (await ctx.db.selectFrom('libraryDocuments').select('title').execute()).map(
      (d) => d.title,
    );
    expect(titles).not.toContain('好的一行');

    const corrupt = multipart({}, { name: '坏.zip', data: Buffer.from('not a zip file at all, really') });
    const c = await call<LibraryUploadResult>(site.app, 'POST', '/api/base/library_api/upload_zip', {
      token: site.admin,
      ...corrupt,
    });
    expect(c.status).toBe(200);
    expect(c.body.result.files).toMatchObject([{ file: '坏.zip', status: 'unreadable' }]);
    const audit = await site.audit('action=library.upload_zip');
    expect(audit.records.map((r) => r.action)).toEqual(['library.upload_zip', 'library.upload_zip']);
    expect(audit.records[1]).toMatchObject({
      target: '批量.zip',
      after: { files: expect.any(Array) },
    });
    await ctx.sysConfig.set('limit.check.maxUploadMb', 20);
  }, 180_000); // eight files through the compute pool: slow on a loaded CI machine

  it('matches per document from stored reports; a failed check is retried without a new charge (audited)', async () => {
    const ctx = getCtx();
    const source = documentText(7701, 3, 4);
    const lib = await ctx.checks.library.add(
      [{ title: '被抄的文献', author: '王五', source: '', text: source }],
      {
        origin: 'import',
      },
    );
    const user = await makeUser(ctx);
    await credit(ctx, user.id, 'balance', 100_000);
    const rec = await call<CheckRecord>(site.app, 'POST', '/api/base/check_api/check_init', {
      token: user.token,
      body: {
        title: '抄袭的论文',
        author: '张三',
        edition: 'standard',
        text: `${source}\n${documentText(7702, 2, 4)}`,
      },
    });
    expect(rec.status, rec.body.message).toBe(200);
    const id = rec.body.result.id;
    const submitted = await call(site.app, 'POST', '/api/base/check_api/check_submit', {
      token: user.token,
      body: { id },
    });
    expect(submitted.status, submitted.body.message).toBe(200);
    await waitForCheckDone(site.app, user.token, id);

    const matches = await call<LibraryMatch[]>(site.app, 'GET', '/api/admin/library/matches?limit=5', {
      token: site.admin,
    });
    expect(matches.status, matches.body.message).toBe(200);
    expect(matches.body.result[0]).toMatchObject({ documentId: lib.ids[0], title: '被抄的文献', checks: 1 });

    // what a run that failed for good leaves: failed, its charge refunded
    await ctx.db
      .updateTable('checkRecords')
      .set({ status: 'failed', message: '检测失败，费用已退回：模拟故障' })
      .where('id', '=', id)
      .execute();
    const failed = await call<Page<FailedJob>>(site.app, 'GET', '/api/admin/system/failed?kind=check', {
      token: site.admin,
    });
    // the embedded mode: this process is the one consuming jobs
    const system = await call<SystemStatus>(site.app, 'GET', '/api/admin/system', { token: site.admin });
    expect(system.body.result.workers.map((w) => w.name)).toEqual([`${os.hostname()}:${process.pid}`]);
    expect(failed.body.result.records).toMatchObject([
      { kind: 'check', id, message: expect.stringMatching(/模拟故障/) },
    ]);
    const charges = (await chargeRows(ctx, user.id)).length;
    const balance = (await ctx.billing.wallet(user.id)).balance;

    const retry = await call(site.app, 'POST', '/api/admin/system/retry', {
      token: site.admin,
      body: { kind: 'check', id },
    });
    expect(retry.status, retry.body.message).toBe(200);
    const twice = await call(site.app, 'POST', '/api/admin/system/retry', {
      token: site.admin,
      body: { kind: 'check', id },
    });
    expect(twice.status).toBe(409);
    await waitForCheckDone(site.app, user.token, id, '重试后完成');
    expect((await chargeRows(ctx, user.id)).length).toBe(charges);
    expect((await ctx.billing.wallet(user.id)).balance).toBe(balance);
    const audit = await site.audit('action=job.retry');
    expect(audit.records).toMatchObject([
      {
        target: `check:${id}`,
        before: { status: 'failed', message: expect.stringMatching(/模拟故障/) },
        after: { status: 'queued', charged: false },
      },
    ]);
    // still one check per document: the retried run rewrote the same record's report
    const again = await call<LibraryMatch[]>(site.app, 'GET', '/api/admin/library/matches', {
      token: site.admin,
    });
    expect(again.body.result.find((m) => m.documentId === lib.ids[0])?.checks).toBe(1);
  });
});
