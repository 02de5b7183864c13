import { EditOutlined, FileSearchOutlined } from '@ant-design/icons';
import type { CheckRecord } from '@paperdesk/contracts';
import { Button, Input, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deleteCheck, queryChecks, updateTitle } from './api.ts';
import * as Records from '../../shared/records/index.ts';
import { useAppStore } from '../../store/app.ts';
import { formatTime } from '../../utils/time.ts';
import { LEVEL_COLORS, level, num, pct, yuan } from '../../shared/format.ts';
import './check.css';
import { checkPaths, checkRecordPath } from '../../shared/paths/check.ts';

const NS = 'check';

/** /paper/report: the user's checks with status and live progress (polled while any is running). */
export default function CheckRecords() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const rec = Records.useRecordList<CheckRecord>(NS, 'check', queryChecks, deleteCheck);
  const [renaming, setRenaming] = useState<CheckRecord | null>(null);
  const [newTitle, setNewTitle] = useState('');

  const to = (r: CheckRecord) => checkRecordPath(r);
  const open = (r: CheckRecord) => navigate(to(r));
  const statusCell = (r: CheckRecord) => <Records.StatusCell ns={NS} record={r} />;
  const ratioCell = (r: CheckRecord) =>
    r.metrics ? (
      <span className="ck-ratio" style={{ color: LEVEL_COLORS[level(r.metrics.totalRatio)] }}>
        {pct(r.metrics.totalRatio)}
      </span>
    ) : (
      <span className="svc-muted">—</span>
    );
  const actions = (r: CheckRecord) => (
    <span className="ck-actions" style={{ gap: 4 }}>
      {r.status === 'created' ? (
        <Button type="link" size="small" onClick={() => open(r)}>
          {t('records.pay')}
        </Button>
      ) : (
        <Button
          type="link"
          size="small"
          icon={mobile ? <FileSearchOutlined /> : undefined}
          onClick={() => open(r)}
        >
          {r.status === 'done' ? t('records.view') : t('records.progress')}
        </Button>
      )}
      <Button
        type="link"
        size="small"
        icon={mobile ? <EditOutlined /> : undefined}
        onClick={() => {
          setRenaming(r);
          setNewTitle(r.title);
        }}
      >
        {t('records.rename')}
      </Button>
      <Records.DeleteAction rec={rec} record={r} icon={mobile} labelled />
    </span>
  );

  return (
    <Records.RecordsFrame
      rec={rec}
      newPath={checkPaths.upload}
      after={
        <Modal
          open={!!renaming}
          title={t('records.renameTitle')}
          okText={t('records.save')}
          cancelText={t('records.cancel')}
          onCancel={() => setRenaming(null)}
          onOk={async () => {
            if (!renaming || !newTitle.trim()) return;
            await updateTitle(renaming.id, newTitle.trim());
            setRenaming(null);
            void rec.list.refetch();
          }}
        >
          <Input value={newTitle} maxLength={200} onChange={(e) => setNewTitle(e.target.value)} />
        </Modal>
      }
    >
      <Records.RecordTable<CheckRecord>
        rec={rec}
        testId="check-record"
        open={open}
        aside={ratioCell}
        meta={(r) => (
          <>
            {t(`edition.${r.edition}`)} · {num(r.characters)} {t('submit.charUnit')} ·{' '}
            {formatTime(r.createdAt, '{y}-{m}-{d} {h}:{i}')}
          </>
        )}
        status={statusCell}
        actions={actions}
        columns={[
          Records.linkTitleColumn(t('records.col.title'), to),
          {
            title: t('records.col.edition'),
            dataIndex: 'edition',
            width: 80,
            render: (e: string) => t(`edition.${e}`),
          },
          Records.charactersColumn(t('records.col.characters')),
          Records.cellColumn(t('records.col.status'), 130, statusCell),
          Records.cellColumn(t('records.col.ratio'), 124, ratioCell, 'right'),
          {
            ...Records.cellColumn(
              t('records.col.paid'),
              104,
              (r) =>
                r.free ? <Tag color="green">{t('records.free')}</Tag> : r.submittedAt ? yuan(r.paidFen) : '—',
              'right',
            ),
            className: 'svc-nowrap',
          },
          Records.createdColumn(t('records.col.time'), 130),
          Records.cellColumn(t('records.col.actions'), 220, actions),
        ]}
      />
    </Records.RecordsFrame>
  );
}
