import { randomBytes } from 'node:crypto';
import type { QrCodeStart, QrRequestInfo } from '@paperdesk/contracts';
import { type Config, qrLoginMode } from '../config.ts';
import type { Db } from '../db/index.ts';
import { nowIso } from '../db/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { createWechatQrProvider } from '../integrations/wechat/qr-provider.ts';
import { type Accounts, hashToken } from './accounts.ts';
import { recordSelfQrDevice } from './billing/free-check.ts';

export const QR_TTL_SECONDS = 300;

/** Where the text inside the QR comes from: a link to this server's phone page, or a WeChat temporary QR. */
export interface QrProvider {
  kind: 'self' | 'wechat';
  qrText(id: string, origin: string): Promise<string>;
}

const selfHostedProvider: QrProvider = {
  kind: 'self',
  async qrText(id, origin) {
    return `${origin.replace(/\/+$/, '')}/m/qr/${id}`;
  },
};

export function createQrLogin(deps: { db: Db; config: Config; accounts: Accounts; provider?: QrProvider }) {
  const { db, config, accounts } = deps;
  const provider =
    deps.provider ??
    (qrLoginMode(config) === 'wechat' ? createWechatQrProvider(config, QR_TTL_SECONDS) : selfHostedProvider);

  async function load(id: string) {
    const row = await db.selectFrom('qrLogins').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.expiresAt <= nowIso()) throw notFound('二维码不存在或已过期，请刷新二维码');
    return row;
  }

  async function markConfirmed(id: string, userId: number): Promise<void> {
    const res = await db
      .updateTable('qrLogins')
      .set({ status: 'confirmed', userId })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('expiresAt', '>', nowIso())
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw conflict('该二维码已被使用，请刷新二维码');
  }

  // Every guest page load asks for a QR, so old rows are swept (at most every 10 minutes per process);
  // a day of history is kept so a late replay still reads as "expired" rather than vanishing mid-poll.
  let lastSweep = 0;
  async function sweep(): Promise<void> {
    if (Date.now() - lastSweep < 10 * 60_000) return;
    lastSweep = Date.now();
    const before = new Date(Date.now() - 24 * 3600_000).toISOString();
    await db.deleteFrom('qrLogins').where('expiresAt', '<', before).execute();
    await db.deleteFrom('wechatCallbacks').where('expiresAt', '<', nowIso()).execute();
  }

  return {
    provider,

    /** A fresh single-use id bound to the browser that asked for it (and remembering where it asked from). */
    async start(
      browserKey: string,
      origin: string,
      requester: { ip: string; userAgent: string | undefined },
    ): Promise<QrCodeStart> {
      await sweep();
      const id = randomBytes(16).toString('base64url');
      const qrCode = await provider.qrText(id, config.PUBLIC_URL ?? origin);
      await db
        .insertInto('qrLogins')
        .values({
          id,
          browserHash: hashToken(browserKey),
          provider: provider.kind,
          expiresAt: new Date(Date.now() + QR_TTL_SECONDS * 1000).toISOString(),
          userId: null,
          requestedIp: requester.ip,
          requestedAgent: (requester.userAgent ?? '').slice(0, 300),
        })
        .execute();
      return { id, qrCode, expiresIn: QR_TTL_SECONDS };
    },

    /**
     * What the phone is about to confirm: when, from which network and which browser the sign-in was requested.
     * Only while the id waits for its one confirmation; afterwards it is gone as far as a phone is concerned.
     */
    async request(id: string): Promise<QrRequestInfo> {
      const row = await load(id);
      if (row.provider !== 'self' || row.status !== 'pending')
        throw notFound('二维码不存在或已过期，请刷新二维码');
      return {
        requestedAt: row.createdAt,
        network: row.requestedIp ? maskedNetwork(row.requestedIp) : '未知',
        browser: describeBrowser(row.requestedAgent ?? ''),
        expiresIn: Math.max(0, Math.round((Date.parse(row.expiresAt) - Date.now()) / 1000)),
      };
    },

    /**
     * The signed-in phone confirms a self-hosted id. Only `self` ids: a WeChat id confirmed this way
     * would mint a token recorded as a WeChat sign-in (and its free daily check) without any scan.
     */
    async confirm(id: string, userId: number): Promise<void> {
      const row = await load(id);
      if (row.provider !== 'self') throw badRequest('该二维码需使用微信扫码登录');
      await markConfirmed(id, userId);
    },

    /**
     * Whether a verified WeChat callback (by its URL signature) arrives for the first time; remembered for as
     * long as its timestamp is accepted (`acceptedForSeconds`), so a captured URL sent again is not acted on.
     */
    async firstDelivery(signature: string, acceptedForSeconds: number): Promise<boolean> {
      const stored = await db
        .insertInto('wechatCallbacks')
        .values({ signature, expiresAt: new Date(Date.now() + 2 * acceptedForSeconds * 1000).toISOString() })
        .onConflict((oc) => oc.column('signature').doNothing())
        .returning('signature')
        .executeTakeFirst();
      return stored !== undefined;
    },

    /** A SCAN/subscribe event from the official account: finds or creates the account by openid. */
    async confirmWechat(id: string, openid: string): Promise<number> {
      const row = await load(id);
      if (row.provider !== 'wechat') throw notFound('二维码不存在或已过期，请刷新二维码');
      if (row.status !== 'pending') throw conflict('该二维码已被使用，请刷新二维码');
      const userId = await accounts.findOrCreateByOpenid(openid);
      await markConfirmed(id, userId);
      return userId;
    },

    /**
     * `null` until confirmed; then a token, exactly once, and only for the browser that created the id.
     * A self-hosted sign-in records its device and network `ip`, which limit the free daily check.
     */
    async validate(
      id: string,
      browserKey: string | undefined,
      ip: string,
    ): Promise<{ access_token: string } | null> {
      const row = await load(id);
      if (!browserKey || row.browserHash !== hashToken(browserKey))
        throw forbidden('该二维码不属于当前浏览器');
      if (row.status === 'redeemed') throw conflict('该二维码已使用，请刷新二维码');
      if (row.status !== 'confirmed' || row.userId === null) return null;
      const res = await db
        .updateTable('qrLogins')
        .set({ status: 'redeemed' })
        .where('id', '=', id)
        .where('status', '=', 'confirmed')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw conflict('该二维码已使用，请刷新二维码');
      if (row.provider === 'self')
        await recordSelfQrDevice(db, { userId: row.userId, deviceHash: row.browserHash, ip });
      const token = await accounts.issueToken(row.userId, row.provider === 'wechat' ? 'wechat' : 'qr');
      return { access_token: token };
    },

    async status(id: string) {
      const row = await load(id);
      return { status: row.status, provider: row.provider };
    },
  };
}
export type QrLogin = ReturnType<typeof createQrLogin>;

/** The requesting network as the phone is shown it: an IPv4 address without its last part, an IPv6 /64. */
export function maskedNetwork(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.\d+$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.*`;
  const groups = ip.split(':').filter(Boolean).slice(0, 4);
  return groups.length > 0 ? `${groups.join(':')}::/64` : '未知';
}

const BROWSERS: Array<[RegExp, string]> = [
  [/MicroMessenger/i, '微信内置浏览器'],
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Linux/, 'Linux'],
];

/** A User-Agent in a few words (浏览器 · 系统), enough to tell one's own computer from someone else's. */
export function describeBrowser(userAgent: string): string {
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1] ?? '未知浏览器';
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1] ?? '未知系统';
  return `${browser} · ${system}`;
}
