import type { MachineRecord } from '@paperdesk/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deleteMachine, queryMachines } from './api.ts';
import * as Records from '../../shared/records/index.ts';
import { formatTime } from '../../utils/time.ts';
import { num, pct } from '../../shared/format.ts';
import '../check/check.css';
import './machine.css';
import { rewritePaths, rewriteRecordPath } from '../../shared/paths/rewrite.ts';

const NS = 'machine';

/** /machine/list: the user's 降重 records with status and live progress (polled while any runs). */
export default function RewriteRecords() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const rec = Records.useRecordList<MachineRecord>(NS, 'machine', queryMachines, deleteMachine);

  const open = (r: MachineRecord) => navigate(rewriteRecordPath(r));
  const statusCell = (r: MachineRecord) => (
    <Records.StatusCell
      ns={NS}
      record={r}
      minWidth={110}
      idle={
        r.stats ? (
          <span className="svc-muted">{t('records.changeRatio', { pct: pct(r.stats.changeRatio) })}</span>
        ) : null
      }
    />
  );
  const actions = (r: MachineRecord) => <Records.PayOrViewActions rec={rec} record={r} open={open} />;

  return (
    <Records.RecordsFrame rec={rec} inlineToolbar newPath={rewritePaths.smart}>
      <Records.RecordCardTable<MachineRecord>
        rec={rec}
        scrollX={760}
        open={open}
        meta={(r) => (
          <>
            {t(`edition.${r.edition}`)} · {num(r.characters)} · {formatTime(r.createdAt)}
          </>
        )}
        status={statusCell}
        actions={actions}
        columns={[
          Records.buttonTitleColumn(t('common:records.colTitle'), open),
          Records.cellColumn(t('records.colEdition'), 130, (r) => t(`edition.${r.edition}`)),
          Records.cellColumn(t('records.colChars'), 90, (r) => num(r.characters)),
          ...Records.closingColumns(t, { status: 150, created: 150, actions: 150 }, statusCell, actions),
        ]}
      />
    </Records.RecordsFrame>
  );
}
