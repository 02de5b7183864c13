import type { FreeCheckFeature, PaymentFeature } from '@paperdesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { loadById } from '../shared/api/sysConfig.ts';

/**
 * Entries the server writes at start (`feature.payment`, `feature.freeCheck`). Read with a shape check
 * rather than the zod schemas, so that guest pages (sidebar, login panel) do not pull zod in.
 */
function useFeature<T>(key: string, valid: (v: unknown) => v is T) {
  return useQuery({
    queryKey: ['sysConfig', key],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const value: unknown = (await loadById(key, { silent: true })).result.value;
      return valid(value) ? value : null;
    },
  }).data;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Whether payments here are real, simulated (测试支付) or not offered; undefined while loading. */
export const usePaymentFeature = () =>
  useFeature('feature.payment', (v): v is PaymentFeature => isRecord(v) && typeof v.sandbox === 'boolean');

/** Whether a QR sign-in here comes with the daily free check; pages promise it only then. */
export const useFreeCheckOffer = () =>
  useFeature(
    'feature.freeCheck',
    (v): v is FreeCheckFeature => isRecord(v) && typeof v.qrSignIn === 'boolean',
  );
