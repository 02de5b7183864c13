import { describe, expect, it } from 'vitest';
import { CHECK_LIMITS } from '../../src/services/checks/records.ts';
import { createSysConfig, SYS_CONFIG_CACHE_MS } from '../../src/services/sys-config.ts';
import { freshApp } from '../support/databases.ts';

/**
 * The upload limits are read on every upload (three keys, before the body and after it): `cached` keeps them
 * briefly, so a storm of uploads does not query sys_config for each. An administrator's change is seen at once by
 * the process that made it, and by any other process within SYS_CONFIG_CACHE_MS.
 */
describe('sys_config values read on every upload [sqlite]', () => {
  const s = freshApp('sqlite');
  const key = CHECK_LIMITS.keys.maxUploadMb;

  /** A change made by another process: straight to the table, this process's cache unaware. */
  const elsewhere = (value: number) =>
    s
      .ctx()
      .db.updateTable('sysConfig')
      .set({ value: JSON.stringify(value) })
      .where('key', '=', key)
      .execute();

  it('a kept value is read again once it is older than SYS_CONFIG_CACHE_MS, not before', async () => {
    let clock = 1_000_000;
    const sysConfig = createSysConfig(s.ctx().db, { now: () => clock });
    await sysConfig.set(key, 20);
    expect(await sysConfig.cached(key, 1)).toBe(20);
    await elsewhere(7);
    clock += SYS_CONFIG_CACHE_MS - 1;
    expect(await sysConfig.cached(key, 1)).toBe(20);
    expect(await sysConfig.get(key, 1)).toBe(7); // `get` always reads
    clock += 1;
    expect(await sysConfig.cached(key, 1)).toBe(7);
  });

  it("this process's own changes are seen at once: set, seed of a missing key, the admin console", async () => {
    const ctx = s.ctx();
    const limit = async () => (await CHECK_LIMITS.withUpload(ctx.sysConfig, 99)).maxUploadMb;
    await ctx.sysConfig.set(key, 20);
    expect(await limit()).toBe(20);
    await ctx.sysConfig.set(key, 5);
    expect(await limit()).toBe(5);

    const admin = await ctx.accounts.register({ username: 'cache_admin', password: 'password123' });
    await ctx.admin.console.setConfig(admin, key, 12);
    expect(await limit()).toBe(12);

    const fresh = 'limit.cachetest.maxChars';
    expect(await ctx.sysConfig.cached(fresh, 1)).toBe(1);
    await ctx.sysConfig.seed(fresh, 300);
    expect(await ctx.sysConfig.cached(fresh, 1)).toBe(300);
  });

  it('a read that overlaps a change is not kept: the next read finds the change', async () => {
    const sysConfig = createSysConfig(s.ctx().db);
    await sysConfig.set(key, 30);
    const [during] = await Promise.all([sysConfig.cached(key, 1), sysConfig.set(key, 31)]);
    expect([30, 31]).toContain(during);
    expect(await sysConfig.cached(key, 1)).toBe(31);
  });

  it('setAll writes its values together or not at all (the seed mark and the end of its pending flag)', async () => {
    const sysConfig = createSysConfig(s.ctx().db);
    await sysConfig.set('test.pending', { startedAt: 'then' });
    // the second value cannot be written (JSON has no BigInt): the first must not be either
    await expect(
      sysConfig.setAll([
        { key: 'test.mark', value: { done: true } },
        { key: 'test.pending', value: 1n },
      ]),
    ).rejects.toThrow();
    expect(await sysConfig.get('test.mark', null)).toBeNull();
    expect(await sysConfig.get('test.pending', null)).toEqual({ startedAt: 'then' });
    await sysConfig.setAll([
      { key: 'test.mark', value: { done: true } },
      { key: 'test.pending', value: null },
    ]);
    expect(await sysConfig.get('test.mark', null)).toEqual({ done: true });
    expect(await sysConfig.get('test.pending', 'absent')).toBeNull();
  });
});
