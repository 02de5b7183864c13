import type { Generated } from 'kysely';

export type ServerRole = 'user' | 'admin';
export type LoginMethod = 'password' | 'qr' | 'wechat';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  passwordHash: string | null;
  wechatOpenid: string | null;
  avatar: Generated<string>;
  role: Generated<ServerRole>;
  /** Comma-separated `LoginMethod`s the account has used. */
  loginMethods: Generated<string>;
  disabled: Generated<number>;
  createdAt: Generated<string>;
}

export interface AuthTokensTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  method: LoginMethod;
  createdAt: Generated<string>;
  lastUsedAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

export interface QrLoginsTable {
  id: string;
  browserHash: string;
  provider: 'self' | 'wechat';
  status: Generated<'pending' | 'confirmed' | 'redeemed'>;
  userId: number | null;
  createdAt: Generated<string>;
  expiresAt: string;
  /** Where the QR was requested (the phone confirming it is shown the network and browser). */
  requestedIp: string | null;
  requestedAgent: string | null;
}

/** A WeChat callback acted on (its URL signature) while its timestamp is still accepted. */
export interface WechatCallbacksTable {
  signature: string;
  expiresAt: string;
}

export interface SysConfigTable {
  key: string;
  value: string;
  description: Generated<string>;
  updatedAt: Generated<string>;
}

export interface AccountTables {
  users: UsersTable;
  authTokens: AuthTokensTable;
  qrLogins: QrLoginsTable;
  wechatCallbacks: WechatCallbacksTable;
  sysConfig: SysConfigTable;
}
