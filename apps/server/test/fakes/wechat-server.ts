import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { aesKeyFrom, encryptMessage, wechatSignature } from '../../src/integrations/wechat/crypto.ts';

/**
 * A local stand-in for api.weixin.qq.com and for the WeChat app on a phone: it serves
 * `/cgi-bin/stable_token` and `/cgi-bin/qrcode/create` with WeChat's rules and error codes, and
 * `scan()` plays a user scanning one of its QR codes by POSTing the (encrypted) event to a callback.
 */
export interface FakeWechatOptions {
  appId: string;
  appSecret: string;
  /** 公众号 Token and EncodingAESKey, to sign and encrypt the events it sends. */
  token: string;
  aesKey: string;
  expiresIn?: number;
  /** Delay before answering stable_token, to make concurrent callers overlap. */
  tokenDelayMs?: number;
}

export interface ScanOptions {
  openid: string;
  callbackUrl: string;
  /** SCAN (already following) or subscribe (follows by scanning: EventKey `qrscene_<scene>`). */
  event?: 'SCAN' | 'subscribe';
  /** Send it encrypted (safe mode, the default) or in plaintext. */
  encrypt?: boolean;
  /** Tamper with what is sent. */
  badSignature?: boolean;
  badMsgSignature?: boolean;
  appIdInside?: string;
}

interface IssuedQr {
  scene: string;
  expiresAt: number;
}

export async function startFakeWechat(opts: FakeWechatOptions) {
  const stats = { stableTokenCalls: 0, forcedRefreshes: 0, qrCreates: 0, rejected: [] as string[] };
  const validTokens = new Set<string>();
  let current: { token: string; expiresAt: number } | null = null;
  const qrs = new Map<string, IssuedQr>();
  const key = aesKeyFrom(opts.aesKey);

  const reply = (res: http.ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const fail = (res: http.ServerResponse, errcode: number, errmsg: string) => {
    stats.rejected.push(`${errcode} ${errmsg}`);
    reply(res, { errcode, errmsg });
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
        } catch {
          return fail(res, 47001, 'data format error');
        }
        if (req.method !== 'POST') return fail(res, 43002, 'require POST method');

        if (url.pathname === '/cgi-bin/stable_token') {
          stats.stableTokenCalls++;
          if (opts.tokenDelayMs) await new Promise((r) => setTimeout(r, opts.tokenDelayMs));
          if (body.grant_type !== 'client_credential') return fail(res, 40002, 'invalid grant_type');
          if (body.appid !== opts.appId) return fail(res, 40013, 'invalid appid');
          if (body.secret !== opts.appSecret) return fail(res, 40125, 'invalid appsecret');
          const force = body.force_refresh === true;
          if (force) stats.forcedRefreshes++;
          // Like WeChat: without force_refresh, the still-valid token is returned again.
          if (force || !current || current.expiresAt <= Date.now()) {
            current = {
              token: randomBytes(24).toString('hex'),
              expiresAt: Date.now() + (opts.expiresIn ?? 7200) * 1000,
            };
            validTokens.add(current.token);
          }
          return reply(res, {
            access_token: current.token,
            expires_in: Math.round((current.expiresAt - Date.now()) / 1000),
          });
        }

        if (url.pathname === '/cgi-bin/qrcode/create') {
          const token = url.searchParams.get('access_token') ?? '';
          if (!validTokens.has(token))
            return fail(res, 40001, 'invalid credential, access_token is invalid or not latest');
          const info = body.action_info as { scene?: { scene_str?: unknown } } | undefined;
          const scene = info?.scene?.scene_str;
          const expire = Number(body.expire_seconds);
          if (body.action_name !== 'QR_STR_SCENE') return fail(res, 40054, 'invalid action_name');
          if (typeof scene !== 'string' || scene.length < 1 || scene.length > 64)
            return fail(res, 40097, 'invalid scene_str');
          if (!Number.isInteger(expire) || expire < 60 || expire > 2_592_000)
            return fail(res, 40097, 'invalid expire_seconds');
          stats.qrCreates++;
          const ticket = randomBytes(24).toString('base64url');
          const qrUrl = `http://weixin.qq.com/q/${randomBytes(12).toString('base64url')}`;
          qrs.set(qrUrl, { scene, expiresAt: Date.now() + expire * 1000 });
          return reply(res, { ticket, expire_seconds: expire, url: qrUrl });
        }

        return fail(res, 40066, 'invalid url');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    stats,

    /** Invalidates every token handed out so far (as when the secret is reset in the console). */
    revokeTokens() {
      validTokens.clear();
    },

    /** The scene a QR text (what the page encodes) resolves to, as the WeChat app would read it. */
    sceneOf(qrText: string): string | undefined {
      return qrs.get(qrText)?.scene;
    },

    /** A phone scans `qrText`: WeChat POSTs the event to the account's callback. */
    async scan(qrText: string, o: ScanOptions): Promise<{ status: number; body: string }> {
      const qr = qrs.get(qrText);
      if (!qr || qr.expiresAt <= Date.now()) throw new Error('fake wechat: unknown or expired QR');
      const event = o.event ?? 'SCAN';
      const now = Math.floor(Date.now() / 1000);
      const inner =
        `<xml><ToUserName><![CDATA[gh_fake0001]]></ToUserName><FromUserName><![CDATA[${o.openid}]]></FromUserName>` +
        `<CreateTime>${now}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event>` +
        `<EventKey><![CDATA[${event === 'subscribe' ? `qrscene_${qr.scene}` : qr.scene}]]></EventKey>` +
        `<Ticket><![CDATA[fake-ticket]]></Ticket></xml>`;
      return this.post(o.callbackUrl, inner, o);
    },

    /** POSTs any message to a callback, signed (and encrypted) the way WeChat does. */
    async post(
      callbackUrl: string,
      inner: string,
      o: Omit<ScanOptions, 'callbackUrl'> & { openid: string },
    ): Promise<{ status: number; body: string }> {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = String(Math.floor(Math.random() * 1e9));
      const url = new URL(callbackUrl);
      const signature = wechatSignature(opts.token, timestamp, nonce);
      url.searchParams.set(
        'signature',
        o.badSignature ? signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) : signature,
      );
      url.searchParams.set('timestamp', timestamp);
      url.searchParams.set('nonce', nonce);
      url.searchParams.set('openid', o.openid);
      let body = inner;
      if (o.encrypt ?? true) {
        const encrypted = encryptMessage(key, o.appIdInside ?? opts.appId, inner);
        const msgSignature = wechatSignature(opts.token, timestamp, nonce, encrypted);
        url.searchParams.set('encrypt_type', 'aes');
        url.searchParams.set('msg_signature', o.badMsgSignature ? '0'.repeat(40) : msgSignature);
        body = `<xml><ToUserName><![CDATA[gh_fake0001]]></ToUserName><Encrypt><![CDATA[${encrypted}]]></Encrypt></xml>`;
      }
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/xml' }, body });
      return { status: res.status, body: await res.text() };
    },

    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeWechat = Awaited<ReturnType<typeof startFakeWechat>>;
