import QRCode from 'qrcode';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getLoginQrCode, validateLoginQrCode } from '../../../shared/api/login.ts';
import { QR_MARGIN, QR_POLL_INTERVAL_MS, QR_SIZE } from '../../../settings.ts';
import { RequestError } from '../../../utils/request.ts';

export type QrStatus = 'idle' | 'loading' | 'ready' | 'expired' | 'error';

export interface QrState {
  id: string | null;
  /** PNG data URL of the QR (300 px, margin 2, error correction L). */
  image: string | null;
  status: QrStatus;
}

/** Renders the QR text as spec §5/§9 asks: 300 px wide, margin 2, low error correction. */
export function renderQr(text: string): Promise<string> {
  return QRCode.toDataURL(text, { width: QR_SIZE, margin: QR_MARGIN, errorCorrectionLevel: 'L' });
}

/**
 * QR login (spec §4): fetch a code, then while `active` validate it every 3000 ms with at most one
 * request in flight. A truthy result hands the token to `onToken` and stops. A failed validation is
 * logged and polling continues; a failed QR fetch is silent.
 */
export function useQrLogin(active: boolean, onToken: (token: string) => Promise<void> | void) {
  const [qr, setQr] = useState<QrState>({ id: null, image: null, status: 'idle' });
  const inFlight = useRef(false);
  const done = useRef(false);
  const generation = useRef(0);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  const refresh = useCallback(async () => {
    const gen = ++generation.current;
    done.current = false;
    setQr((q) => ({ ...q, status: 'loading' }));
    try {
      const res = await getLoginQrCode();
      const image = await renderQr(res.result.qrCode);
      if (gen === generation.current) setQr({ id: res.result.id, image, status: 'ready' });
    } catch {
      // spec §8: a failed QR fetch is silently ignored (the panel offers 点击刷新)
      if (gen === generation.current) setQr({ id: null, image: null, status: 'error' });
    }
  }, []);

  useEffect(() => {
    if (active && qr.status === 'idle') void refresh();
  }, [active, qr.status, refresh]);

  const { id } = qr;
  useEffect(() => {
    if (!active || !id || done.current) return;
    const gen = generation.current;
    const timer = window.setInterval(() => {
      if (inFlight.current || done.current) return;
      inFlight.current = true;
      validateLoginQrCode(id)
        .then(async (res) => {
          const token = res.result?.access_token;
          if (!token || done.current || gen !== generation.current) return;
          done.current = true;
          window.clearInterval(timer);
          await onTokenRef.current(token);
        })
        .catch((e: unknown) => {
          console.error('二维码校验失败', e);
          if (e instanceof RequestError && [403, 404, 409].includes(e.status) && gen === generation.current) {
            setQr((q) => (q.id === id ? { ...q, status: 'expired' } : q));
          }
        })
        .finally(() => {
          inFlight.current = false;
        });
    }, QR_POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [active, id]);

  return { qr, refresh };
}
