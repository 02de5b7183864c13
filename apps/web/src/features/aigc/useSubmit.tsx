import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { aigcSubmit } from './api.ts';
import { toast } from '../../utils/feedback.ts';
import { PayChoiceModal } from '../../shared/billing/PayChoiceModal.tsx';
import { queryKeys } from '../../shared/records/queries.ts';

/**
 * Submits a record the way the user chooses (issue 26): the pay choice opens with every way and its cost, the
 * cheapest preselected; confirm submits with that way and opens the report page, the QR way pays the rest after the
 * balance (the order submits the record) and closing the dialog opens the page.
 */
export function useSubmit(): {
  submit: (id: number) => Promise<void>;
  submitting: boolean;
  dialog: ReactNode;
} {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { t } = useTranslation('order');
  const [choosing, setChoosing] = useState<number | null>(null);

  async function pay(id: number, way: Parameters<typeof aigcSubmit>[1]) {
    try {
      const r = await aigcSubmit(id, way);
      qc.setQueryData(queryKeys.record('aigc', id), r.result);
      await qc.invalidateQueries({ queryKey: queryKeys.account });
      setChoosing(null);
      navigate(`/aigccheck/content/${id}`);
    } catch (e) {
      toast().error(e instanceof Error ? e.message : String(e));
      throw e;
    }
  }

  const dialog = (
    <PayChoiceModal
      area="aigc"
      recordType="aigc"
      recordId={choosing}
      title={t('service.aigc_check')}
      onPay={(way) => pay(choosing as number, way)}
      onClose={() => setChoosing(null)}
      onQrClosed={(id) => {
        setChoosing(null);
        void qc.invalidateQueries({ queryKey: queryKeys.record('aigc', id) });
        navigate(`/aigccheck/content/${id}`);
      }}
    />
  );
  return { submit: async (id) => setChoosing(id), submitting: choosing !== null, dialog };
}
