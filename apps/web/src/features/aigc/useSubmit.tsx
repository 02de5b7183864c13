import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { aigcSubmit } from './api.ts';
import { toast } from '../../utils/feedback.ts';
import { RequestError } from '../../utils/request.ts';
import PayDialog from '../../shared/billing/PayDialog.tsx';
import { queryKeys } from '../../shared/records/queries.ts';

/**
 * Submits a record (package quota, then balance) and opens its report page. When credit is short (402) the
 * record is paid for by QR instead: the order submits it once paid, and closing the dialog opens the page.
 */
export function useSubmit(): {
  submit: (id: number) => Promise<void>;
  submitting: boolean;
  dialog: ReactNode;
} {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [paying, setPaying] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(id: number) {
    setSubmitting(true);
    try {
      const r = await aigcSubmit(id);
      qc.setQueryData(queryKeys.record('aigc', id), r.result);
      await qc.invalidateQueries({ queryKey: queryKeys.account });
      navigate(`/aigccheck/content/${id}`);
    } catch (e) {
      if (e instanceof RequestError && e.status === 402) {
        toast().warning(e.message);
        setPaying(id);
      } else toast().error(e instanceof Error ? e.message : String(e));
    } finally {
      setSubmitting(false);
    }
  }

  const dialog = (
    <PayDialog
      input={paying === null ? null : { recordType: 'aigc', recordId: paying }}
      onClose={() => {
        const id = paying;
        setPaying(null);
        if (id !== null) {
          void qc.invalidateQueries({ queryKey: queryKeys.record('aigc', id) });
          navigate(`/aigccheck/content/${id}`);
        }
      }}
    />
  );
  return { submit, submitting, dialog };
}
