import { createHash, randomBytes } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import type { CurrentUser } from '@paperdesk/contracts';
import type { Db } from '../db/index.ts';
import { nowIso } from '../db/index.ts';
import type { LoginMethod, ServerRole } from '../db/tables/accounts.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../errors.ts';

const TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
/** Sliding expiry is refreshed at most this often, so reads do not turn every request into a write. */
const TOUCH_EVERY_MS = 3600 * 1000;

export interface AuthUser {
  id: number;
  username: string;
  avatar: string;
  role: ServerRole;
  loginMethods: LoginMethod[];
  tokenId: number;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const parseMethods = (s: string) => s.split(',').filter(Boolean) as LoginMethod[];

// A dummy hash so that a wrong username costs as much time as a wrong password.
const DUMMY_HASH = argonHash('not-a-real-password');

export function createAccounts(db: Db) {
  async function addLoginMethod(userId: number, method: LoginMethod) {
    const user = await db
      .selectFrom('users')
      .select('loginMethods')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return;
    const methods = new Set(parseMethods(user.loginMethods));
    if (methods.has(method)) return;
    methods.add(method);
    await db
      .updateTable('users')
      .set({ loginMethods: [...methods].join(',') })
      .where('id', '=', userId)
      .execute();
  }

  return {
    async register(input: { username: string; password: string; role?: ServerRole }): Promise<number> {
      const existing = await db
        .selectFrom('users')
        .select('id')
        .where('username', '=', input.username)
        .executeTakeFirst();
      if (existing) throw conflict('该用户名已被注册');
      const passwordHash = await argonHash(input.password);
      try {
        const row = await db
          .insertInto('users')
          .values({
            username: input.username,
            passwordHash,
            role: input.role ?? 'user',
            loginMethods: 'password',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      } catch (e) {
        if (/unique|UNIQUE/.test(String(e))) throw conflict('该用户名已被注册');
        throw e;
      }
    },

    /** Returns the user id, or throws 401 with one message for both unknown user and wrong password. */
    async verifyPassword(username: string, password: string): Promise<number> {
      const user = await db
        .selectFrom('users')
        .select(['id', 'passwordHash', 'disabled'])
        .where('username', '=', username)
        .executeTakeFirst();
      const ok = await argonVerify(user?.passwordHash ?? (await DUMMY_HASH), password).catch(() => false);
      if (!user?.passwordHash || !ok) throw unauthorized('用户名或密码错误');
      if (user.disabled) throw forbidden('该账户已停用');
      return user.id;
    },

    async changePassword(userId: number, oldPassword: string, newPassword: string): Promise<void> {
      const user = await db
        .selectFrom('users')
        .select(['passwordHash'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (user?.passwordHash) {
        const ok = await argonVerify(user.passwordHash, oldPassword).catch(() => false);
        if (!ok) throw badRequest('原密码不正确');
      }
      await db
        .updateTable('users')
        .set({ passwordHash: await argonHash(newPassword) })
        .where('id', '=', userId)
        .execute();
      await addLoginMethod(userId, 'password');
    },

    /** Issues a random 256-bit bearer token; only its SHA-256 is stored. */
    async issueToken(userId: number, method: LoginMethod): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = Date.now();
      await db
        .insertInto('authTokens')
        .values({
          userId,
          tokenHash: hashToken(token),
          method,
          lastUsedAt: new Date(now).toISOString(),
          expiresAt: new Date(now + TOKEN_TTL_MS).toISOString(),
          revokedAt: null,
        })
        .execute();
      await addLoginMethod(userId, method);
      return token;
    },

    async resolveToken(token: string): Promise<AuthUser | null> {
      if (!token || token.length > 200) return null;
      const now = nowIso();
      const row = await db
        .selectFrom('authTokens as t')
        .innerJoin('users as u', 'u.id', 't.userId')
        .select([
          't.id as tokenId',
          't.lastUsedAt',
          'u.id',
          'u.username',
          'u.avatar',
          'u.role',
          'u.loginMethods',
          'u.disabled',
        ])
        .where('t.tokenHash', '=', hashToken(token))
        .where('t.revokedAt', 'is', null)
        .where('t.expiresAt', '>', now)
        .executeTakeFirst();
      if (!row || row.disabled) return null;
      if (Date.now() - Date.parse(row.lastUsedAt) > TOUCH_EVERY_MS) {
        await db
          .updateTable('authTokens')
          .set({ lastUsedAt: now, expiresAt: new Date(Date.now() + TOKEN_TTL_MS).toISOString() })
          .where('id', '=', row.tokenId)
          .execute();
      }
      return {
        id: row.id,
        username: row.username,
        avatar: row.avatar,
        role: row.role,
        loginMethods: parseMethods(row.loginMethods),
        tokenId: row.tokenId,
      };
    },

    async revokeToken(tokenId: number): Promise<void> {
      await db.updateTable('authTokens').set({ revokedAt: nowIso() }).where('id', '=', tokenId).execute();
    },

    /** Revokes every live token of the user, except `keepTokenId` (the device that asked) when given. */
    async revokeAllTokens(userId: number, keepTokenId?: number): Promise<void> {
      let q = db
        .updateTable('authTokens')
        .set({ revokedAt: nowIso() })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null);
      if (keepTokenId !== undefined) q = q.where('id', '!=', keepTokenId);
      await q.execute();
    },

    /** Finds the account bound to a WeChat openid, creating one on first scan. */
    async findOrCreateByOpenid(openid: string): Promise<number> {
      const existing = await db
        .selectFrom('users')
        .select('id')
        .where('wechatOpenid', '=', openid)
        .executeTakeFirst();
      if (existing) return existing.id;
      // A stable name derived from the openid; should someone have registered that name already, a
      // random one instead, so the first scan can never fail on the username's unique index.
      let username = `wx_${createHash('sha256').update(openid).digest('hex').slice(0, 12)}`;
      const taken = await db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirst();
      if (taken) username = `wx_${randomBytes(8).toString('hex')}`;
      const row = await db
        .insertInto('users')
        .values({ username, passwordHash: null, wechatOpenid: openid, loginMethods: 'wechat' })
        .onConflict((oc) => oc.column('wechatOpenid').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row) return row.id;
      const again = await db
        .selectFrom('users')
        .select('id')
        .where('wechatOpenid', '=', openid)
        .executeTakeFirstOrThrow();
      return again.id;
    },

    toCurrentUser(user: AuthUser): CurrentUser {
      return {
        id: user.id,
        loginName: user.username,
        avatar: user.avatar,
        roles: [user.role],
        loginMethods: user.loginMethods,
      };
    },

    async getUser(userId: number) {
      return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
