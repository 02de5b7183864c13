import type { Config } from '../../config.ts';
import { unavailable } from '../../errors.ts';
import { createWechatApi, WechatApiError } from './api.ts';

/**
 * WeChat Official Account login: the QR is a temporary string-scene code whose scene is the login id;
 * scanning it sends a SCAN/subscribe event to `routes/wechat.ts`, which confirms the id. It fits the
 * login service's `QrProvider` by shape, so this integration imports nothing from services.
 */
export function createWechatQrProvider(
  config: Config,
  ttlSeconds: number,
): { kind: 'wechat'; qrText(id: string): Promise<string> } {
  if (!config.WECHAT_APP_ID || !config.WECHAT_APP_SECRET)
    throw new Error('微信登录需要 WECHAT_APP_ID 和 WECHAT_APP_SECRET');
  const api = createWechatApi({
    appId: config.WECHAT_APP_ID,
    appSecret: config.WECHAT_APP_SECRET,
    apiBase: config.WECHAT_API_BASE,
  });
  return {
    kind: 'wechat',
    async qrText(id) {
      try {
        return (await api.createTempQr(id, ttlSeconds)).url;
      } catch (e) {
        const details =
          e instanceof WechatApiError ? { errcode: e.errcode, errmsg: e.errmsg } : { error: String(e) };
        throw unavailable('微信二维码获取失败，请稍后重试', details);
      }
    },
  };
}
