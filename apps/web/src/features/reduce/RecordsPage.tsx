import type { ReduceKind, ReduceRecord } from '@paperdesk/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import * as Records from '../../shared/records/index.ts';
import { num } from '../../shared/format.ts';
import { formatTime } from '../../utils/time.ts';
import { deleteReduce, queryReduce } from './api.ts';
import { reduceContentPath, reducePaths } from '../../shared/paths/reduce.ts';
import { percent } from './targets.ts';
import '../check/check.css';
import '../rewrite/machine.css';
import './reduce.css';

const NS = 'reduce';

/** Before → after of the record's asked scores, e.g. "复制比 38% → 12%". */
function Scores({ r }: { r: ReduceRecord }) {
  const { t } = useTranslation(NS);
  const metrics = (['similarity', 'aigc'] as const).filter((m) => r.targets[m] !== null);
  if (!r.before) return <span className="svc-muted">—</span>;
  return (
    <span className="rd-list-scores">
      {metrics.map((m) => (
        <span key={m}>
          {t(`metric.${m}`)} {percent(r.before?.[m])} → <strong>{percent(r.after?.[m])}</strong>
        </span>
      ))}
    </span>
  );
}

/** /papermachine/list (降重) and /aigc/list (降AIGC): one kind's records, polled while any runs. */
export default function RecordsPage({ kind }: { kind: ReduceKind }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const rec = Records.useRecordList<ReduceRecord>(NS, 'reduce', queryReduce(kind), deleteReduce);
  const open = (r: ReduceRecord) => navigate(reduceContentPath(r.id));
  const kindLabel = (r: ReduceRecord) =>
    t(`kind.${r.origin === 'report' ? 'cnki' : r.kind === 'aigc' ? 'aigc' : 'whole'}`);
  const statusCell = (r: ReduceRecord) => <Records.StatusCell ns={NS} record={r} minWidth={110} />;
  const actions = (r: ReduceRecord) => <Records.PayOrViewActions rec={rec} record={r} open={open} />;
  return (
    <Records.RecordsFrame
      rec={rec}
      inlineToolbar
      newPath={kind === 'aigc' ? reducePaths.aigcdown : reducePaths.similarity}
      title={t(kind === 'aigc' ? 'records.aigcTitle' : 'records.title')}
    >
      <Records.RecordCardTable<ReduceRecord>
        rec={rec}
        scrollX={860}
        open={open}
        meta={(r) => (
          <>
            {kindLabel(r)} · {t(`path.${r.path}`)} · {num(r.characters)} · {formatTime(r.createdAt)}
            <br />
            <Scores r={r} />
          </>
        )}
        status={statusCell}
        actions={actions}
        columns={[
          Records.buttonTitleColumn(t('common:records.colTitle'), open),
          Records.cellColumn(t('records.colKind'), 130, (r) => (
            <>
              {kindLabel(r)}
              <div className="svc-muted">{t(`path.${r.path}`)}</div>
            </>
          )),
          Records.cellColumn(t('records.colScores'), 220, (r) => <Scores r={r} />),
          Records.cellColumn(t('records.colChars'), 80, (r) => num(r.characters)),
          ...Records.closingColumns(t, { status: 140, created: 140, actions: 130 }, statusCell, actions),
        ]}
      />
    </Records.RecordsFrame>
  );
}
