import fs from 'node:fs';
import type { PaymentProviderKind } from '@paperdesk/contracts';

export interface PayableOrder {
  orderNo: string;
  amountFen: number;
  subject: string;
  expiresAt: string;
}

/** A verified payment notification (or query answer) for one order. */
export interface PaidNotice {
  orderNo: string;
  /** The provider's transaction number. */
  tradeNo: string;
  amountFen: number;
  /** Only a successful payment moves an order; other states are acknowledged and ignored. */
  paid: boolean;
  raw: unknown;
}

export interface NotifyRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

/** What the provider expects back from a notify endpoint. */
export interface NotifyReply {
  status: number;
  contentType: string;
  body: string;
}

export class NotifyRejected extends Error {}

/**
 * One payment channel. `createQr` returns the text the page renders as a QR code; `verifyNotify`
 * authenticates and decodes the provider's callback (throws `NotifyRejected` for anything forged);
 * `query` asks the provider directly (used while a page polls, in case a notification is lost).
 */
export interface PaymentProvider {
  kind: PaymentProviderKind;
  label: string;
  sandbox: boolean;
  createQr(order: PayableOrder, origin: string): Promise<string>;
  verifyNotify?(req: NotifyRequest): Promise<PaidNotice>;
  notifyReply?: { ok: NotifyReply; fail: (message: string) => NotifyReply };
  query?(orderNo: string): Promise<PaidNotice | null>;
  /** Returns `refundFen` of the order's `amountFen` (a partial refund when less); `refundNo` is unique per refund. */
  refund?(order: PayableOrder & { refundNo: string; refundFen: number }, reason: string): Promise<void>;
}

/** PEM text, a path to a PEM file, or bare base64 key material (as the providers' consoles hand it out). */
export function pemFrom(value: string, kind: 'PRIVATE KEY' | 'PUBLIC KEY' | 'CERTIFICATE'): string {
  let v = value.trim();
  if (!v.startsWith('-----BEGIN') && v.length < 1024 && /[/\\.]/.test(v) && fs.existsSync(v))
    v = fs.readFileSync(v, 'utf8').trim();
  if (v.startsWith('-----BEGIN')) return v.replaceAll('\\n', '\n');
  if (/^[A-Za-z0-9+/=\s]+$/.test(v) && v.length > 200) {
    const body = v.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n');
    return `-----BEGIN ${kind}-----\n${body.trim()}\n-----END ${kind}-----\n`;
  }
  return v;
}
