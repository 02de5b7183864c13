import type { MachineRecord } from '@paperdesk/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deleteMachine, queryMachines } from './api.ts';
import * as Records from '../../shared/records/index.ts';
import { formatTime } from '../../utils/time.ts';
import { num, pct } from '../../shared/format.ts';
import '../check/check.css';
import './machine.css';
import { rewritePaths, rewriteRecordPath } from './routes.ts';

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
  const actions = (r: MachineRecord) => (
    <span className="rec-row-actions">
      <Button type="link" size="small" onClick={() => open(r)}>
        {r.status === 'created' ? t('records.pay') : t('records.view')}
      </Button>
      <Records.DeleteAction rec={rec} record={r} icon />
    </span>
  );

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
          Records.buttonTitleColumn(t('records.colTitle'), open),
          Records.cellColumn(t('records.colEdition'), 130, (r) => t(`edition.${r.edition}`)),
          Records.cellColumn(t('records.colChars'), 90, (r) => num(r.characters)),
          Records.paidColumn(t('records.colPaid')),
          Records.cellColumn(t('records.colStatus'), 150, statusCell),
          Records.createdColumn(t('records.colCreated'), 150),
          Records.cellColumn(t('records.colActions'), 150, actions),
        ]}
      />
    </Records.RecordsFrame>
  );
}
