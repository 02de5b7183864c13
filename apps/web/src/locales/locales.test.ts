import { describe, expect, it } from 'vitest';
import { enUS } from './en-US/index.ts';
import i18n, { changeLanguage } from './index.ts';
import { zhCN } from './zh-CN/index.ts';
import { zhCNOnDemand } from './zh-CN/on-demand.ts';

const resources = { 'zh-CN': { ...zhCN, ...zhCNOnDemand }, 'en-US': enUS };

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('message catalogues', () => {
  it('has an en-US twin with the same keys for every zh-CN area', () => {
    const zh = resources['zh-CN'];
    const en = resources['en-US'];
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const ns of Object.keys(zh) as (keyof typeof zh)[]) {
      expect(keys(en[ns]).sort(), ns).toEqual(keys(zh[ns]).sort());
    }
  });

  it('carries the spec strings', () => {
    const zh = resources['zh-CN'];
    const en = resources['en-US'];
    expect(zh.login.title).toBe('微信扫码登录');
    expect(zh.login.freeCheck).toBe('首次扫码登录，每天免费检测一次专业版');
    expect(zh.login.usernamePlaceholder).toBe('请输入用户名');
    expect(zh.login.passwordPlaceholder).toBe('请输入密码');
    expect(zh.login.refuse).toBe('拒绝登录，随便看看');
    expect(zh.common.notLoggedIn).toBe('未登录，请登录后使用！');
    expect(en.common.notLoggedIn).toBe('Not logged in, please log in to use!');
    expect(en.common.verificationFailed).toBe('Verification failed, please Login again.');
    expect(en.common.hasError).toBe('Has Error');
    expect(en.common.fullscreenUnsupported).toBe('you browser can not work');
    expect(en.common.switchSizeSuccess).toBe('Switch Size Success');
    expect(zh.tagsView).toEqual({
      refresh: '刷新',
      close: '关闭',
      closeOthers: '关闭其他',
      closeAll: '关闭所有',
    });
  });

  it('loads English on demand and switches back', async () => {
    expect(i18n.t('navbar:nav.home')).toBe('首页');
    await changeLanguage('en-US');
    expect(i18n.t('navbar:nav.home')).toBe('Home');
    expect(localStorage.getItem('language')).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    await changeLanguage('zh-CN');
    expect(i18n.t('navbar:nav.home')).toBe('首页');
  });
});
