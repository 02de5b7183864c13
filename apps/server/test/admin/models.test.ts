import type { AdminModelStatus, AdminModelTestResult, AdminModelUsage } from '@paperdesk/contracts';
import { afterAll, expect, it } from 'vitest';
import { call } from '../check/support.ts';
import { fakeModelEnv, startFakeOpenAi } from '../fakes/openai-server.ts';
import { adminApp } from '../support/admin-app.ts';
import { describeEachDatabase } from '../support/databases.ts';

const fake = await startFakeOpenAi();
afterAll(() => fake.close());

describeEachDatabase('admin AI 模型 page without a model', (getCtx) => {
  const site = adminApp(getCtx);

  it('says plainly that no model is configured, calls nothing, and audits the test', async () => {
    const s = await call<AdminModelStatus>(site.app, 'GET', '/api/admin/models', { token: site.admin });
    expect(s.body.result.provider).toBeNull();
    expect(
      s.body.result.features.every((f) => !f.available && f.message === 'AI 模型未配置，请联系管理员'),
    ).toBe(true);
    // AIGC检测 runs on its own detector, so the page must not list it as 模型未配置
    const required = Object.fromEntries(s.body.result.features.map((f) => [f.feature, f.required]));
    expect(required).toMatchObject({ aigc: false, chat: true, writing: true, ppt: true });
    const t = await call<AdminModelTestResult>(site.app, 'POST', '/api/admin/models/test', {
      token: site.admin,
      body: { feature: 'chat' },
    });
    expect(t.body.result).toMatchObject({ ok: false, message: 'AI 模型未配置，请联系管理员', reply: '' });
    const log = await site.audit('pageNo=1&pageSize=5&action=model.');
    expect(log.records[0]).toMatchObject({ action: 'model.test', target: 'chat' });
  });
});

describeEachDatabase(
  'admin AI 模型 page with a model',
  (getCtx) => {
    const site = adminApp(getCtx);

    it('shows endpoint and per-feature model without the key; the test goes through the model layer and is counted per day', async () => {
      await getCtx().sysConfig.set('llm.model.ppt', 'fake-ppt-model', 'test');
      await getCtx().sysConfig.set('llm.cost.perKTokensFen', 2, 'test');
      const s = await call<AdminModelStatus>(site.app, 'GET', '/api/admin/models', { token: site.admin });
      expect(JSON.stringify(s.body)).not.toContain('sk-very-secret');
      expect(s.body.result).toMatchObject({
        provider: 'openai',
        endpoint: fake.baseUrl.replace(/\/$/, ''),
        keyConfigured: true,
      });
      const ppt = s.body.result.features.find((f) => f.feature === 'ppt');
      expect(ppt).toMatchObject({ model: 'fake-ppt-model', overridden: true, available: true });
      expect(s.body.result.features.find((f) => f.feature === 'chat')?.model).toBe('fake-model');

      fake.script({ chunks: ['好'] });
      const t = await call<AdminModelTestResult>(site.app, 'POST', '/api/admin/models/test', {
        token: site.admin,
        body: { feature: 'ppt' },
      });
      expect(t.body.result).toMatchObject({ ok: true, model: 'fake-ppt-model', reply: '好' });
      expect(fake.requests.at(-1)?.model).toBe('fake-ppt-model');

      const u = await call<AdminModelUsage>(site.app, 'GET', '/api/admin/models/usage?days=7', {
        token: site.admin,
      });
      const today = new Date().toISOString().slice(0, 10);
      const row = u.body.result.rows.find((r) => r.feature === 'ppt' && r.day === today);
      expect(row?.calls).toBe(1);
      expect(row!.promptTokens + row!.completionTokens).toBeGreaterThan(0);
      expect(row?.costFen).toBeCloseTo(((row!.promptTokens + row!.completionTokens) / 1000) * 2, 2);
    });
  },
  fakeModelEnv(fake, { LLM_API_KEY: 'sk-very-secret' }),
);
