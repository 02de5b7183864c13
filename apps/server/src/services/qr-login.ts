import { randomBytes } from 'node:crypto';
import type { QrCodeStart } from '@paperdesk/contracts';
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
  }

  return {
    provider,

    /** A fresh single-use id bound to the browser that asked for it. */
    async start(browserKey: string, origin: string): Promise<QrCodeStart> {
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
        })
        .execute();
      return { id, qrCode, expiresIn: QR_TTL_SECONDS };
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
