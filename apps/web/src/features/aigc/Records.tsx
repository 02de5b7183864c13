import { DownloadOutlined, FileSearchOutlined, RedoOutlined } from '@ant-design/icons';
import { type AigcRecord, aigcRatioBand } from '@paperdesk/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { aigcReload, deleteAigc, downloadAigcReport, queryAigc } from './api.ts';
import * as Records from '../../shared/records/index.ts';
import { useAppStore } from '../../store/app.ts';
import { toast } from '../../utils/feedback.ts';
import { formatTime } from '../../utils/time.ts';
import { num, pct } from '../../shared/format.ts';
import { BAND_COLORS } from './format.ts';
import '../check/check.css';
import './aigc.css';
import { aigcContentPath, aigcPaths } from '../../shared/paths/aigc.ts';

const NS = 'aigc';

/** /aigccheck/list: the user's AIGC checks with live progress (polled while any runs) and their ratio. */
export default function AigcRecords() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const rec = Records.useRecordList<AigcRecord>(NS, 'aigc', queryAigc, deleteAigc);

  const to = (r: AigcRecord) => aigcContentPath(r.id);
  const reload = async (r: AigcRecord) => {
    await aigcReload(r.id);
    toast().success(t('records.reloaded'));
    void rec.list.refetch();
  };
  const statusCell = (r: AigcRecord) => <Records.StatusCell ns={NS} record={r} />;
  const ratioCell = (r: AigcRecord) => {
    if (!r.metrics) return <span className="svc-muted">—</span>;
    // the band of the figure shown, as the report page and the PDF print it
    const band = aigcRatioBand(r.metrics.aiCharRatio, r.metrics.reliable);
    return (
      <span
        className="ck-ratio"
        style={{ color: BAND_COLORS[band] }}
        title={t(`band.${band}`)}
        data-band={band}
      >
        {pct(r.metrics.aiCharRatio)}
      </span>
    );
  };
  const actions = (r: AigcRecord) => (
    <span className="ck-actions" style={{ gap: 4 }}>
      <Button
        type="link"
        size="small"
        icon={mobile ? <FileSearchOutlined /> : undefined}
        onClick={() => navigate(to(r))}
      >
        {r.status === 'done'
          ? t('records.view')
          : r.status === 'created'
            ? t('records.pay')
            : t('records.progress')}
      </Button>
      {r.status === 'done' && (
        <Button
          type="link"
          size="small"
          icon={mobile ? <DownloadOutlined /> : undefined}
          onClick={() => void downloadAigcReport(r.id, `${r.title}-AIGC检测报告.pdf`).catch(() => {})}
        >
          {t('records.download')}
        </Button>
      )}
      {r.status === 'failed' && (
        <Button
          type="link"
          size="small"
          icon={mobile ? <RedoOutlined /> : undefined}
          onClick={() => void reload(r).catch(() => {})}
        >
          {t('records.reload')}
        </Button>
      )}
      <Records.DeleteAction rec={rec} record={r} icon={mobile} labelled />
    </span>
  );

  return (
    <Records.RecordsFrame rec={rec} newPath={aigcPaths.upload}>
      <Records.RecordTable<AigcRecord>
        rec={rec}
        testId="aigc-record"
        open={(r) => navigate(to(r))}
        aside={ratioCell}
        meta={(r) => (
          <>
            {num(r.characters)} {t('check.characters')} · {formatTime(r.createdAt, '{y}-{m}-{d} {h}:{i}')}
          </>
        )}
        status={statusCell}
        actions={actions}
        columns={[
          Records.linkTitleColumn(t('records.col.title'), to),
          Records.charactersColumn(t('records.col.characters')),
          Records.cellColumn(t('records.col.status'), 140, statusCell),
          Records.cellColumn(t('records.col.ratio'), 140, ratioCell, 'right'),
          Records.createdColumn(t('records.col.time'), 140),
          Records.cellColumn(t('records.col.actions'), 230, actions),
        ]}
      />
    </Records.RecordsFrame>
  );
}
