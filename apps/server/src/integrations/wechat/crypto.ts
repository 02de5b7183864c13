import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The official account's message security (公众号消息加解密): SHA-1 signatures over the sorted
 * strings, and "safe mode" AES-256-CBC with the 43-character EncodingAESKey, IV = first 16 key
 * bytes, PKCS#7 padding to 32-byte blocks, plaintext = 16 random bytes | 4-byte big-endian length |
 * message | appid.
 */

/** sha1 of the parts sorted as strings and concatenated: `signature` (token, timestamp, nonce) and
 * `msg_signature` (token, timestamp, nonce, Encrypt). */
export function wechatSignature(...parts: string[]): string {
  return createHash('sha1')
    .update([...parts].sort().join(''))
    .digest('hex');
}

/** Constant-time comparison of two hex signatures. */
export function signaturesEqual(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given.toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

export class WechatCryptoError extends Error {}

const BLOCK = 32;

/** Decodes the 43-character EncodingAESKey into the 32-byte AES key. */
export function aesKeyFrom(encodingAesKey: string): Buffer {
  if (!/^[A-Za-z0-9+/]{43}$/.test(encodingAesKey)) {
    throw new WechatCryptoError('WECHAT_AES_KEY 应为 43 个字符的 EncodingAESKey（字母、数字、+、/）');
  }
  return Buffer.from(`${encodingAesKey}=`, 'base64');
}

function pad(buf: Buffer): Buffer {
  const n = BLOCK - (buf.length % BLOCK);
  return Buffer.concat([buf, Buffer.alloc(n, n)]);
}

function unpad(buf: Buffer): Buffer {
  const n = buf.at(-1) ?? 0;
  if (n < 1 || n > BLOCK || n > buf.length) throw new WechatCryptoError('bad padding');
  for (let i = buf.length - n; i < buf.length; i++)
    if (buf[i] !== n) throw new WechatCryptoError('bad padding');
  return buf.subarray(0, buf.length - n);
}

/** Encrypts a message the way WeChat does (used for replies and by the test fake). `random` is for known vectors. */
export function encryptMessage(
  key: Buffer,
  appId: string,
  message: string,
  random: Buffer = randomBytes(16),
): string {
  const body = Buffer.from(message, 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(body.length);
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  const plain = pad(Buffer.concat([random, len, body, Buffer.from(appId, 'utf8')]));
  return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
}

/** Decrypts an `Encrypt` payload; throws `WechatCryptoError` on anything malformed. */
export function decryptMessage(key: Buffer, encrypted: string): { message: string; appId: string } {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encrypted)) throw new WechatCryptoError('not base64');
  const data = Buffer.from(encrypted, 'base64');
  if (data.length === 0 || data.length % 16 !== 0) throw new WechatCryptoError('bad length');
  const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
  decipher.setAutoPadding(false);
  const plain = unpad(Buffer.concat([decipher.update(data), decipher.final()]));
  if (plain.length < 20) throw new WechatCryptoError('too short');
  const len = plain.readUInt32BE(16);
  if (20 + len > plain.length) throw new WechatCryptoError('bad length');
  return {
    message: plain.subarray(20, 20 + len).toString('utf8'),
    appId: plain.subarray(20 + len).toString('utf8'),
  };
}
