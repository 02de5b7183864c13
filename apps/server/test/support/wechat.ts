import { afterAll } from 'vitest';
import { type FakeWechat, startFakeWechat } from '../fakes/wechat-server.ts';

/** The 公众号 the login tests sign in through; the fake signs and encrypts its events with its Token and EncodingAESKey. */
export const OFFICIAL_ACCOUNT = {
  appId: 'wx0123456789abcdef',
  appSecret: 'fake-secret-0123456789',
  token: 'pdtoken2024',
  aesKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
};

/** The fake WeChat of OFFICIAL_ACCOUNT for the test file that starts it, stopped after the file. */
export async function fakeWechatForFile(): Promise<FakeWechat> {
  const fake = await startFakeWechat(OFFICIAL_ACCOUNT);
  afterAll(() => fake.stop());
  return fake;
}

/** The server's settings for OFFICIAL_ACCOUNT's login against `fake`, callbacks in plaintext (no EncodingAESKey). */
export function wechatLoginEnv(fake: FakeWechat): Record<string, string> {
  return {
    WECHAT_APP_ID: OFFICIAL_ACCOUNT.appId,
    WECHAT_APP_SECRET: OFFICIAL_ACCOUNT.appSecret,
    WECHAT_TOKEN: OFFICIAL_ACCOUNT.token,
    WECHAT_API_BASE: fake.url,
  };
}
