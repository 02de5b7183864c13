import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decryptMessage, signaturesEqual, WechatCryptoError, wechatSignature } from './crypto.ts';

/** A callback that must be refused (bad or missing signature, undecryptable, wrong appid, malformed XML). */
export class WechatCallbackError extends Error {}

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  processEntities: false,
  trimValues: true,
});
const MAX_XML = 64 * 1024;

/** The flat `<xml><Name>value</Name>…</xml>` map of a WeChat message; nested elements are dropped. */
export function parseWechatXml(xml: string): Record<string, string> {
  if (xml.length > MAX_XML) throw new WechatCallbackError('消息过大');
  // WeChat never sends a DTD; refusing one rules out entity tricks whatever the parser does.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new WechatCallbackError('消息格式不正确');
  if (XMLValidator.validate(xml) !== true) throw new WechatCallbackError('消息格式不正确');
  const root = (parser.parse(xml) as { xml?: unknown }).xml;
  if (!root || typeof root !== 'object') throw new WechatCallbackError('消息格式不正确');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(root)) if (typeof v === 'string') out[k] = v;
  return out;
}

export interface CallbackQuery {
  signature?: string | undefined;
  timestamp?: string | undefined;
  nonce?: string | undefined;
  encrypt_type?: string | undefined;
  msg_signature?: string | undefined;
}

export interface CallbackSecrets {
  token: string;
  appId: string;
  /** Decoded EncodingAESKey; when set, only safe-mode (encrypted) messages are accepted. */
  aesKey: Buffer | null;
  /** How far the callback's timestamp may be from our clock, against replays of captured URLs. */
  maxSkewSeconds?: number;
  now?: () => number;
}

/** How far a callback's timestamp may be from our clock by default (a replay is refused within it by signature). */
export const CALLBACK_MAX_SKEW_SECONDS = 300;

/** Checks `signature` (and the timestamp's freshness): the server-verification GET and every POST carry it. */
export function verifyUrlSignature(secrets: CallbackSecrets, q: CallbackQuery): void {
  const { signature, timestamp, nonce } = q;
  if (!signature || !timestamp || !nonce) throw new WechatCallbackError('缺少签名参数');
  if (!signaturesEqual(wechatSignature(secrets.token, timestamp, nonce), signature)) {
    throw new WechatCallbackError('签名校验失败');
  }
  const skew = Math.abs((secrets.now ?? Date.now)() / 1000 - Number(timestamp));
  if (!Number.isFinite(skew) || skew > (secrets.maxSkewSeconds ?? CALLBACK_MAX_SKEW_SECONDS)) {
    throw new WechatCallbackError('请求已过期');
  }
}

/**
 * Verifies and opens an event POST: the URL signature, then in safe mode `msg_signature` over the
 * `Encrypt` field, decryption and the appid inside it. Returns the plaintext message fields.
 */
export function openCallbackMessage(
  secrets: CallbackSecrets,
  q: CallbackQuery,
  body: string,
): Record<string, string> {
  verifyUrlSignature(secrets, q);
  const outer = parseWechatXml(body);
  // Plaintext mode (or compatible mode without a key): the fields are in the clear.
  if (!secrets.aesKey) return outer;
  // Safe mode configured: plaintext (or compatible-mode plaintext fields) is never trusted.
  const encrypted = outer.Encrypt;
  if (q.encrypt_type !== 'aes' || !encrypted) throw new WechatCallbackError('需要安全模式（加密）消息');
  if (
    !signaturesEqual(
      wechatSignature(secrets.token, q.timestamp ?? '', q.nonce ?? '', encrypted),
      q.msg_signature,
    )
  ) {
    throw new WechatCallbackError('消息签名校验失败');
  }
  let opened: { message: string; appId: string };
  try {
    opened = decryptMessage(secrets.aesKey, encrypted);
  } catch (e) {
    if (e instanceof WechatCryptoError) throw new WechatCallbackError('消息解密失败');
    throw e;
  }
  if (opened.appId !== secrets.appId) throw new WechatCallbackError('消息的 AppID 不匹配');
  return parseWechatXml(opened.message);
}

/** The login id and the scanner's openid of a SCAN (already following) or subscribe-by-QR event. */
export function loginScanOf(msg: Record<string, string>): { id: string; openid: string } | null {
  if (msg.MsgType !== 'event' || !msg.FromUserName) return null;
  const event = msg.Event?.toLowerCase();
  const key = msg.EventKey ?? '';
  let id: string | null = null;
  if (event === 'scan') id = key;
  else if (event === 'subscribe' && key.startsWith('qrscene_')) id = key.slice('qrscene_'.length);
  return id ? { id, openid: msg.FromUserName } : null;
}
