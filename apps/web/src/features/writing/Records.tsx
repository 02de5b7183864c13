import { DownloadOutlined } from '@ant-design/icons';
import type { WritingRecord } from '@paperdesk/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deleteWriting, downloadWriting, queryWritings } from './api.ts';
import * as Records from '../../shared/records/index.ts';
import { formatTime } from '../../utils/time.ts';
import { num } from '../../shared/format.ts';
import { confirmPath, contentPath, writingPaths } from '../../shared/paths/writing.ts';
import '../check/check.css';
import './writing.css';

const NS = 'writing';

/** /paperwirte/report: the user's papers with status and live progress (polled while any is being written). */
export default function WritingRecords() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const rec = Records.useRecordList<WritingRecord>(NS, 'writing', queryWritings, deleteWriting);

  const open = (r: WritingRecord) => navigate(r.status === 'created' ? confirmPath(r) : contentPath(r.id));
  const statusCell = (r: WritingRecord) => (
    <Records.StatusCell ns={NS} record={r} idle={null}>
      {r.sectionsTotal > 0 && (
        <div className="svc-muted">
          {t('records.sections', { done: r.sectionsDone, total: r.sectionsTotal })}
        </div>
      )}
    </Records.StatusCell>
  );
  const actions = (r: WritingRecord) => (
    <span className="rec-row-actions">
      <Button type="link" size="small" onClick={() => open(r)}>
        {r.status === 'created' ? t('records.confirm') : t('common:records.view')}
      </Button>
      {r.status === 'done' && (
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          onClick={() => void downloadWriting(r.id, `${r.title}.docx`).catch(() => {})}
        >
          {t('records.download')}
        </Button>
      )}
      <Records.DeleteAction rec={rec} record={r} icon />
    </span>
  );

  return (
    <Records.RecordsFrame rec={rec} inlineToolbar newPath={writingPaths.generate}>
      <Records.RecordCardTable<WritingRecord>
        rec={rec}
        scrollX={820}
        testId="wr-record"
        open={open}
        meta={(r) => (
          <>
            {t(`type.${r.paperType}`)} · {num(r.targetWords)} {t('generate.wordsUnit')} ·{' '}
            {formatTime(r.createdAt)}
          </>
        )}
        status={statusCell}
        actions={actions}
        columns={[
          Records.buttonTitleColumn(t('common:records.colTitle'), open, true),
          Records.cellColumn(t('records.colType'), 100, (r) => t(`type.${r.paperType}`)),
          Records.cellColumn(t('records.colWords'), 90, (r) => num(r.targetWords)),
          ...Records.closingColumns(t, { status: 160, created: 150, actions: 210 }, statusCell, actions),
        ]}
      />
    </Records.RecordsFrame>
  );
}
