import { afterAll, describe, expect, it } from 'vitest';
import { createWechatApi, WechatApiError } from '../src/integrations/wechat/api.ts';
import {
  aesKeyFrom,
  decryptMessage,
  encryptMessage,
  signaturesEqual,
  WechatCryptoError,
  wechatSignature,
} from '../src/integrations/wechat/crypto.ts';
import {
  loginScanOf,
  openCallbackMessage,
  parseWechatXml,
  verifyUrlSignature,
  WechatCallbackError,
} from '../src/integrations/wechat/messages.ts';
import { startFakeWechat } from './fakes/wechat-server.ts';

// The sample from WeChat's own message-crypto SDK (WXBizMsgCryptTest): fixed random prefix and ciphertext.
const SDK = {
  encodingAesKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  appId: 'wxb11529c136998cb6',
  random: 'aaaabbbbccccdddd',
  message: '我是中文abcd123',
  encrypted: 'jn1L23DB+6ELqJ+6bruv21Y6MD7KeIfP82D6gU39rmkgczbWwt5+3bnyg5K55bgVtVzd832WzZGMhkP72vVOfg==',
};

describe('WeChat message crypto', () => {
  const key = aesKeyFrom(SDK.encodingAesKey);

  it('matches the WeChat SDK vector both ways', () => {
    expect(key).toHaveLength(32);
    expect(encryptMessage(key, SDK.appId, SDK.message, Buffer.from(SDK.random))).toBe(SDK.encrypted);
    expect(decryptMessage(key, SDK.encrypted)).toEqual({ message: SDK.message, appId: SDK.appId });
  });

  it('pads to 32-byte blocks (a full block when already aligned) and round-trips any length', () => {
    for (const len of [0, 1, 11, 12, 13, 31, 32, 33, 1000]) {
      const msg = 'x'.repeat(len);
      const enc = encryptMessage(key, SDK.appId, msg);
      const raw = Buffer.from(enc, 'base64');
      expect(raw.length % 32).toBe(0);
      // 16 random + 4 length + message + 18-byte appid, then 1..32 bytes of padding.
      const unpadded = 16 + 4 + len + SDK.appId.length;
      expect(raw.length - unpadded).toBeGreaterThanOrEqual(1);
      expect(raw.length - unpadded).toBeLessThanOrEqual(32);
      expect(decryptMessage(key, enc)).toEqual({ message: msg, appId: SDK.appId });
    }
  });

  it('rejects tampered, truncated, non-base64 or wrong-key ciphertexts', () => {
    const raw = Buffer.from(SDK.encrypted, 'base64');
    const tampered = Buffer.from(raw);
    tampered[tampered.length - 1] = (tampered.at(-1) ?? 0) ^ 0x55;
    const otherKey = aesKeyFrom('ZYXWVUTSRQPONMLKJIHGFEDCBA9876543210zyxwvut');
    const bad = [
      tampered.toString('base64'),
      raw.subarray(0, 40).toString('base64'),
      '',
      'not base64!',
      raw.subarray(0, 16).toString('base64'),
    ];
    for (const b of bad) expect(() => decryptMessage(key, b), b).toThrow(WechatCryptoError);
    expect(() => decryptMessage(otherKey, SDK.encrypted)).toThrow(WechatCryptoError);
  });

  it('accepts only 43-character EncodingAESKeys', () => {
    expect(() => aesKeyFrom('short')).toThrow(/43/);
    expect(() => aesKeyFrom(`${SDK.encodingAesKey}=`)).toThrow(/43/);
    expect(() => aesKeyFrom(`${SDK.encodingAesKey.slice(0, 42)}-`)).toThrow(/43/);
  });

  it('signs the sorted strings with sha1 and compares in constant time', () => {
    // sha1('1409304348pamtestxxxxxx') — the three strings sorted as text.
    expect(wechatSignature('pamtest', '1409304348', 'xxxxxx')).toBe(
      wechatSignature('xxxxxx', 'pamtest', '1409304348'),
    );
    expect(wechatSignature('pamtest', '1409304348', 'xxxxxx')).toMatch(/^[0-9a-f]{40}$/);
    const s = wechatSignature('a', 'b');
    expect(signaturesEqual(s, s.toUpperCase())).toBe(true);
    expect(signaturesEqual(s, undefined)).toBe(false);
    expect(signaturesEqual(s, s.slice(1))).toBe(false);
  });
});

describe('WeChat callback messages', () => {
  const secrets = {
    token: 'tok',
    appId: 'wxapp',
    aesKey: aesKeyFrom(SDK.encodingAesKey),
    now: () => 1_700_000_000_000,
  };
  const signed = (timestamp = '1700000000', nonce = '42') => ({
    timestamp,
    nonce,
    signature: wechatSignature('tok', timestamp, nonce),
  });
  const event =
    '<xml><ToUserName><![CDATA[gh_1]]></ToUserName><FromUserName><![CDATA[oOPENID]]></FromUserName>' +
    '<CreateTime>1700000000</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[SCAN]]></Event>' +
    '<EventKey><![CDATA[login-id-1]]></EventKey></xml>';

  it('opens a safe-mode message and finds the login scan in it', () => {
    const q = signed();
    const encrypted = encryptMessage(secrets.aesKey, 'wxapp', event);
    const msg = openCallbackMessage(
      secrets,
      { ...q, encrypt_type: 'aes', msg_signature: wechatSignature('tok', q.timestamp, q.nonce, encrypted) },
      `<xml><ToUserName><![CDATA[gh_1]]></ToUserName><Encrypt><![CDATA[${encrypted}]]></Encrypt></xml>`,
    );
    expect(loginScanOf(msg)).toEqual({ id: 'login-id-1', openid: 'oOPENID' });
  });

  it('refuses stale timestamps (replayed URLs) and missing parameters', () => {
    expect(() => verifyUrlSignature(secrets, signed('1699999000'))).toThrow(WechatCallbackError);
    expect(() => verifyUrlSignature(secrets, signed('1699999900'))).not.toThrow();
    expect(() => verifyUrlSignature(secrets, { timestamp: '1700000000', nonce: '1' })).toThrow(/缺少签名/);
    expect(() => verifyUrlSignature(secrets, signed('not-a-number'))).toThrow(WechatCallbackError);
  });

  it('in plaintext mode (no AES key) reads the fields directly', () => {
    const msg = openCallbackMessage({ ...secrets, aesKey: null }, signed(), event);
    expect(loginScanOf(msg)).toEqual({ id: 'login-id-1', openid: 'oOPENID' });
  });

  it('parses flat XML only, refusing DTDs and malformed or oversized documents', () => {
    expect(parseWechatXml('<xml><A><![CDATA[<b>&amp;]]></A><N><X>1</X></N><C>5</C></xml>')).toEqual({
      A: '<b>&amp;',
      C: '5',
    });
    for (const bad of [
      '<xml><A>1</A>',
      'plain',
      '<!DOCTYPE xml><xml/>',
      `<xml><A>${'x'.repeat(70_000)}</A></xml>`,
    ]) {
      expect(() => parseWechatXml(bad)).toThrow(WechatCallbackError);
    }
  });

  it('takes the scene from SCAN EventKey and from subscribe qrscene_ keys only', () => {
    const base = { MsgType: 'event', FromUserName: 'o1' };
    expect(loginScanOf({ ...base, Event: 'subscribe', EventKey: 'qrscene_abc' })).toEqual({
      id: 'abc',
      openid: 'o1',
    });
    expect(loginScanOf({ ...base, Event: 'subscribe', EventKey: '' })).toBeNull();
    expect(loginScanOf({ ...base, Event: 'SCAN', EventKey: '' })).toBeNull();
    expect(loginScanOf({ ...base, Event: 'unsubscribe', EventKey: 'abc' })).toBeNull();
    expect(loginScanOf({ MsgType: 'text', FromUserName: 'o1', Content: 'abc' })).toBeNull();
  });
});

describe('WeChat API client (against the fake server)', async () => {
  const creds = { appId: 'wxclient', appSecret: 's3cret', token: 't', aesKey: SDK.encodingAesKey };
  const fake = await startFakeWechat({ ...creds, tokenDelayMs: 50, expiresIn: 7200 });
  afterAll(() => fake.stop());

  it('shares one stable_token request among concurrent callers and caches it until shortly before expiry', async () => {
    let clock = 1_000_000;
    const api = createWechatApi({
      appId: creds.appId,
      appSecret: creds.appSecret,
      apiBase: fake.url,
      now: () => clock,
    });
    const start = fake.stats.stableTokenCalls;
    const qrs = await Promise.all(Array.from({ length: 8 }, (_, i) => api.createTempQr(`scene-${i}`, 300)));
    expect(fake.stats.stableTokenCalls - start).toBe(1);
    expect(new Set(qrs.map((q) => q.url)).size).toBe(8);
    expect(qrs.map((q) => fake.sceneOf(q.url))).toEqual(Array.from({ length: 8 }, (_, i) => `scene-${i}`));

    clock += 7200_000 - 301_000; // still more than five minutes left
    await api.accessToken();
    expect(fake.stats.stableTokenCalls - start).toBe(1);
    clock += 2_000; // now inside the refresh margin
    await api.accessToken();
    expect(fake.stats.stableTokenCalls - start).toBe(2);
  });

  it('on an invalidated token forces one refresh and retries once', async () => {
    const api = createWechatApi({ appId: creds.appId, appSecret: creds.appSecret, apiBase: fake.url });
    await api.createTempQr('before', 300);
    fake.revokeTokens();
    const forced = fake.stats.forcedRefreshes;
    const qr = await api.createTempQr('after', 300);
    expect(fake.sceneOf(qr.url)).toBe('after');
    expect(fake.stats.forcedRefreshes - forced).toBe(1);
  });

  it('surfaces WeChat error codes (wrong secret, bad scene) as WechatApiError', async () => {
    const bad = createWechatApi({ appId: creds.appId, appSecret: 'nope', apiBase: fake.url });
    await expect(bad.createTempQr('x', 300)).rejects.toMatchObject({ errcode: 40125 });
    const api = createWechatApi({ appId: creds.appId, appSecret: creds.appSecret, apiBase: fake.url });
    await expect(api.createTempQr('y'.repeat(65), 300)).rejects.toBeInstanceOf(WechatApiError);
  });
});
