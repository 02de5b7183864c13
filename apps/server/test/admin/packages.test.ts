import type { AdminPackage, Page } from '@paperdesk/contracts';
import { expect, it } from 'vitest';
import { call } from '../check/support.ts';
import { adminApp } from '../support/admin-app.ts';
import { describeEachDatabase } from '../support/databases.ts';

const good = {
  code: 'aigc_trial_2',
  service: 'aigc_check',
  edition: 'standard',
  name: 'AIGC检测 体验 2 千字',
  description: '新用户体验',
  quotaAmount: 2000,
  priceFen: 190,
  listPriceFen: 300,
  badge: '体验',
  sort: 5,
};

describeEachDatabase('admin packages', (getCtx) => {
  const site = adminApp(getCtx);

  const onSale = async () =>
    (
      await call<Page<{ id: number; name: string; priceFen: number }>>(
        site.app,
        'POST',
        '/api/base/product_package_api/query_list?pageNo=1&pageSize=100',
        { body: {} },
      )
    ).body.result.records;

  it('refuses a negative price and an empty package with a clear message', async () => {
    const negative = await call(site.app, 'POST', '/api/admin/packages/create', {
      token: site.admin,
      body: { ...good, priceFen: -1 },
    });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toMatch(/价格不能为负数/);
    const empty = await call(site.app, 'POST', '/api/admin/packages/create', {
      token: site.admin,
      body: { ...good, quotaAmount: 0 },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/套餐不能为空/);
  });

  it('creates, edits and retires a package; the shop sees each change at once and the audit log records it', async () => {
    const created = await call<AdminPackage>(site.app, 'POST', '/api/admin/packages/create', {
      token: site.admin,
      body: good,
    });
    expect(created.status).toBe(200);
    const id = created.body.result.id;
    expect((await onSale()).find((p) => p.id === id)?.priceFen).toBe(190);
    const again = await call(site.app, 'POST', '/api/admin/packages/create', {
      token: site.admin,
      body: good,
    });
    expect(again.status).toBe(409);

    const { code: _code, ...fields } = good;
    const edited = await call<AdminPackage>(site.app, 'POST', '/api/admin/packages/update', {
      token: site.admin,
      body: { ...fields, id, priceFen: 250 },
    });
    expect(edited.body.result.priceFen).toBe(250);
    expect((await onSale()).find((p) => p.id === id)?.priceFen).toBe(250);

    const retired = await call<AdminPackage>(site.app, 'POST', '/api/admin/packages/set_active', {
      token: site.admin,
      body: { id, active: false },
    });
    expect(retired.body.result.active).toBe(false);
    expect((await onSale()).some((p) => p.id === id)).toBe(false);
    const all = await call<AdminPackage[]>(site.app, 'GET', '/api/admin/packages', { token: site.admin });
    expect(all.body.result.find((p) => p.id === id)?.active).toBe(false);

    const log = await site.audit('pageNo=1&pageSize=10&action=package.');
    expect(log.records.map((r) => r.action)).toEqual(['package.retire', 'package.update', 'package.create']);
    expect(log.records[1]).toMatchObject({
      before: expect.objectContaining({ priceFen: 190 }),
      after: expect.objectContaining({ priceFen: 250 }),
    });
  });
});
