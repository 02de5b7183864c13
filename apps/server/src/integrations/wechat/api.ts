/**
 * The few WeChat Official Account server APIs the login needs: the stable access token
 * (`/cgi-bin/stable_token`) and temporary string-scene QR codes (`/cgi-bin/qrcode/create`).
 */

export class WechatApiError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`WeChat API error ${errcode}: ${errmsg}`);
  }
}

/** errcodes meaning "this access token is no longer good": drop it and fetch a fresh one. */
const STALE_TOKEN = new Set([40001, 40014, 42001]);

export interface WechatApiOptions {
  appId: string;
  appSecret: string;
  apiBase: string;
  /** Clock, for tests. */
  now?: () => number;
  timeoutMs?: number;
}

export interface TempQr {
  ticket: string;
  /** The text the QR encodes (what the page renders as a QR image). */
  url: string;
  expireSeconds: number;
}

export function createWechatApi(opts: WechatApiOptions) {
  const now = opts.now ?? Date.now;
  const base = opts.apiBase.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 5000;
  let cached: { token: string; refreshAt: number } | null = null;
  let inflight: Promise<string> | null = null;

  async function post<T>(path: string, body: unknown): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new WechatApiError(-1, `HTTP ${res.status}`);
    const data = (await res.json()) as T & { errcode?: number; errmsg?: string };
    if (data.errcode) throw new WechatApiError(data.errcode, data.errmsg ?? '');
    return data;
  }

  async function fetchToken(forceRefresh: boolean): Promise<string> {
    const r = await post<{ access_token: string; expires_in: number }>('/cgi-bin/stable_token', {
      grant_type: 'client_credential',
      appid: opts.appId,
      secret: opts.appSecret,
      force_refresh: forceRefresh,
    });
    if (!r.access_token || !(r.expires_in > 0)) throw new WechatApiError(-1, 'stable_token 返回内容不完整');
    const ttlMs = r.expires_in * 1000;
    // Refresh shortly before WeChat expires it: five minutes early, or halfway for short lifetimes.
    cached = { token: r.access_token, refreshAt: now() + ttlMs - Math.min(300_000, ttlMs / 2) };
    return r.access_token;
  }

  /** The cached access token, fetched when missing or near expiry; concurrent callers share one request. */
  async function accessToken(forceRefresh = false): Promise<string> {
    if (!forceRefresh && cached && now() < cached.refreshAt) return cached.token;
    inflight ??= fetchToken(forceRefresh).finally(() => {
      inflight = null;
    });
    return inflight;
  }

  return {
    accessToken,

    /** A temporary QR whose scene string comes back in the SCAN/subscribe event. */
    async createTempQr(sceneStr: string, expireSeconds: number): Promise<TempQr> {
      const body = {
        expire_seconds: expireSeconds,
        action_name: 'QR_STR_SCENE',
        action_info: { scene: { scene_str: sceneStr } },
      };
      for (let attempt = 0; ; attempt++) {
        const token = await accessToken();
        try {
          const r = await post<{ ticket: string; expire_seconds: number; url: string }>(
            `/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`,
            body,
          );
          if (!r.url) throw new WechatApiError(-1, 'qrcode/create 未返回 url');
          return { ticket: r.ticket, url: r.url, expireSeconds: r.expire_seconds };
        } catch (e) {
          if (attempt > 0 || !(e instanceof WechatApiError) || !STALE_TOKEN.has(e.errcode)) throw e;
          // Revoked early (e.g. the secret was reset): force a new one unless another caller already did.
          if (cached?.token === token) {
            cached = null;
            await accessToken(true);
          }
        }
      }
    },
  };
}

export type WechatApi = ReturnType<typeof createWechatApi>;
