import { createHash } from 'node:crypto';
import type { FreeCheckFeature } from '@paperdesk/contracts';
import { isIPv6 } from 'node:net';
import { type Config, qrLoginMode } from '../../config.ts';
import { nowIso } from '../../db/index.ts';
import type { Executor } from './ledger.ts';
import { shanghaiDay } from './time.ts';

/**
 * Who gets the daily free 专业版 check. It belongs to an identity that costs something to create: a
 * WeChat openid (official-account sign-in); a verified phone number would qualify the same way once SMS
 * sign-in exists. A password account confirming a self-hosted QR scan costs nothing, so that path is off
 * unless the operator turns it on (FREE_CHECK_SELF_HOSTED_QR), and then each device and each network
 * gets one free check per Asia/Shanghai day, whatever the number of accounts behind it.
 */
export interface FreeCheckPolicy {
  qrMode: 'wechat' | 'self';
  selfHostedQr: boolean;
}

export const freeCheckPolicy = (config: Config): FreeCheckPolicy => ({
  qrMode: qrLoginMode(config),
  selfHostedQr: config.FREE_CHECK_SELF_HOSTED_QR,
});

const NOT_OFFERED = '本站未开放每日免费专业版查重';
const SELF_QR_RULE = '扫码登录后每天可免费检测一次专业版（每台设备、每个网络每天一次）';

/** The public `feature.freeCheck` entry: whether a QR sign-in here comes with the free check (what pages may promise). */
export function freeCheckFeature(policy: FreeCheckPolicy): FreeCheckFeature {
  if (policy.qrMode === 'wechat')
    return { qrSignIn: true, qrMode: 'wechat', rule: '微信扫码登录的账户每天可免费检测一次专业版' };
  return policy.selfHostedQr
    ? { qrSignIn: true, qrMode: 'self', rule: SELF_QR_RULE }
    : { qrSignIn: false, qrMode: 'self', rule: NOT_OFFERED };
}

export interface FreeCheckStatus {
  eligible: boolean;
  availableToday: boolean;
  /** Why not, in Chinese, when the check is not available today; null when it is. */
  reason: string | null;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The network an address is in: an IPv4 address itself, the /64 of an IPv6 one (one subscriber gets a whole /64). */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Records the device and network of a self-hosted QR sign-in (the limits apply to the latest one). */
export async function recordSelfQrDevice(
  db: Executor,
  input: { userId: number; deviceHash: string; ip: string },
): Promise<void> {
  const row = { deviceHash: input.deviceHash, networkHash: sha256(networkOf(input.ip)), updatedAt: nowIso() };
  await db
    .insertInto('selfQrDevices')
    .values({ userId: input.userId, ...row })
    .onConflict((oc) => oc.column('userId').doUpdateSet(row))
    .execute();
}

type Basis = { kind: 'identity' } | { kind: 'device'; claimKeys: string[] };

async function basisOf(
  db: Executor,
  userId: number,
  policy: FreeCheckPolicy,
): Promise<{ basis: Basis } | { basis: null; reason: string }> {
  const user = await db
    .selectFrom('users')
    .select('wechatOpenid')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return { basis: null, reason: '用户不存在' };
  if (user.wechatOpenid) return { basis: { kind: 'identity' } };
  if (policy.qrMode === 'wechat') return { basis: null, reason: '每日免费专业版查重仅限微信扫码登录的账户' };
  if (!policy.selfHostedQr) return { basis: null, reason: NOT_OFFERED };
  const device = await db
    .selectFrom('selfQrDevices')
    .select(['deviceHash', 'networkHash'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!device) return { basis: null, reason: SELF_QR_RULE };
  return {
    basis: { kind: 'device', claimKeys: [`device:${device.deviceHash}`, `network:${device.networkHash}`] },
  };
}

export async function freeCheckStatus(
  db: Executor,
  userId: number,
  policy: FreeCheckPolicy,
  at: Date = new Date(),
): Promise<FreeCheckStatus> {
  const found = await basisOf(db, userId, policy);
  if (!found.basis) return { eligible: false, availableToday: false, reason: found.reason };
  const day = shanghaiDay(at);
  const used = await db
    .selectFrom('freeChecks')
    .select('refId')
    .where('userId', '=', userId)
    .where('day', '=', day)
    .executeTakeFirst();
  if (used)
    return { eligible: true, availableToday: false, reason: '今日的免费次数已用，明天（北京时间）可再用' };
  if (found.basis.kind === 'device') {
    const taken = await db
      .selectFrom('freeCheckClaims')
      .select('claimKey')
      .where('day', '=', day)
      .where('claimKey', 'in', found.basis.claimKeys)
      .executeTakeFirst();
    if (taken)
      return {
        eligible: true,
        availableToday: false,
        reason: '该设备或网络今天已用过免费检测，明天（北京时间）可再用',
      };
  }
  return { eligible: true, availableToday: true, reason: null };
}

export interface FreeCheckRef {
  userId: number;
  refType: string;
  refId: string;
}

/**
 * Takes today's free check for a record inside the charge's transaction; false when the account does
 * not qualify or it (or its device or network) already had one today. Unique keys settle races.
 */
export async function claimFreeCheck(
  trx: Executor,
  policy: FreeCheckPolicy,
  ref: FreeCheckRef,
): Promise<boolean> {
  const { basis } = await basisOf(trx, ref.userId, policy);
  if (!basis) return false;
  const day = shanghaiDay();
  const took = await trx
    .insertInto('freeChecks')
    .values({ ...ref, day, createdAt: nowIso() })
    .onConflict((oc) => oc.columns(['userId', 'day']).doNothing())
    .returning('day')
    .executeTakeFirst();
  if (!took) return false;
  if (basis.kind === 'device') {
    for (const claimKey of basis.claimKeys) {
      const claimed = await trx
        .insertInto('freeCheckClaims')
        .values({ ...ref, day, claimKey, createdAt: nowIso() })
        .onConflict((oc) => oc.columns(['day', 'claimKey']).doNothing())
        .returning('day')
        .executeTakeFirst();
      if (!claimed) {
        // Another account on this device or network had today's: undo what this call took.
        await releaseFreeCheck(trx, ref);
        return false;
      }
    }
  }
  return true;
}

/** Gives a record's free check back (refund): the account's day and its device and network claims. */
export async function releaseFreeCheck(trx: Executor, ref: FreeCheckRef): Promise<void> {
  for (const table of ['freeChecks', 'freeCheckClaims'] as const) {
    await trx
      .deleteFrom(table)
      .where('userId', '=', ref.userId)
      .where('refType', '=', ref.refType)
      .where('refId', '=', ref.refId)
      .execute();
  }
}
