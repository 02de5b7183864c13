import { Button, Modal, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../locales/index.ts';
import { type ErrorLogEntry, useErrorLogStore } from '../../store/errorLog.ts';
import { parseTime } from '../../utils/time.ts';

export default function ErrorLogDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const logs = useErrorLogStore((s) => s.logs);
  const clear = useErrorLogStore((s) => s.clearErrorLog);
  return (
    <Modal
      open
      title={t('errorLog:title')}
      width={960}
      onCancel={onClose}
      footer={
        <Button
          danger
          onClick={() => {
            clear();
            onClose();
          }}
        >
          {t('errorLog:clear')}
        </Button>
      }
    >
      <Table<ErrorLogEntry>
        rowKey="id"
        size="small"
        dataSource={logs}
        pagination={{ pageSize: 8, hideOnSinglePage: true }}
        locale={{ emptyText: t('errorLog:empty') }}
        scroll={{ x: 800 }}
        columns={[
          {
            title: t('errorLog:kind'),
            dataIndex: 'kind',
            width: 110,
            render: (k: ErrorLogEntry['kind']) => (
              <Tag color={k === 'request' ? 'orange' : 'red'}>{t(`errorLog:${k}`)}</Tag>
            ),
          },
          { title: t('errorLog:message'), dataIndex: 'message', ellipsis: true },
          {
            title: t('errorLog:detail'),
            dataIndex: 'detail',
            render: (d: string) => (
              <Typography.Paragraph
                className="errlog-detail"
                ellipsis={{ rows: 2, expandable: true }}
                copyable={!!d}
              >
                {d || '—'}
              </Typography.Paragraph>
            ),
          },
          { title: t('errorLog:page'), dataIndex: 'url', width: 160, ellipsis: true },
          {
            title: t('errorLog:time'),
            dataIndex: 'time',
            width: 170,
            render: (time: number) => parseTime(time, undefined, { lang: currentLanguage() }),
          },
        ]}
      />
    </Modal>
  );
}
