import { DeleteOutlined, FolderOpenOutlined } from '@ant-design/icons';
import type { LibraryDocument } from '@paperdesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { num } from '../../shared/format.ts';
import { LibraryUpload } from '../../shared/upload/LibraryUpload.tsx';
import { formatTime } from '../../utils/time.ts';
import { deleteFromMyLibrary, myLibrary, myLibraryStats, uploadToMyLibrary } from './api.ts';
import './check.css';
import { PageHero } from '../../shared/records/FormParts.tsx';

/** /papercheck/mylib: 自建库, the user's private references that only their own checks compare against. */
export default function PersonalLibrary() {
  const { t } = useTranslation('check');
  const qc = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const stats = useQuery({
    queryKey: ['mylib', 'stats'],
    queryFn: async () => (await myLibraryStats()).result,
  });
  const list = useQuery({
    queryKey: ['mylib', 'list', pageNo],
    queryFn: async () => (await myLibrary({ pageNo, pageSize: 10 })).result,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['mylib'] });

  return (
    <div className="svc-page">
      <PageHero
        title={t('personal.title')}
        subtitle={t('personal.subtitle')}
        aside={
          <div className="svc-hero__chips">
            <span className="svc-chip">
              <FolderOpenOutlined /> {num(stats.data?.documents ?? 0)} {t('personal.documents')}
            </span>
            <span className="svc-chip">
              {num(stats.data?.characters ?? 0)} {t('personal.characters')}
            </span>
          </div>
        }
      />
      <section className="svc-card">
        <LibraryUpload
          accept=".docx,.pdf,.txt"
          send={uploadToMyLibrary}
          onDone={refresh}
          labels={{
            drag: t('personal.dragText'),
            hint: t('personal.dragHint'),
            file: t('personal.file'),
            result: t('personal.result'),
            message: t('personal.message'),
            working: (name) => t('personal.working', { name }),
            status: (st) => t(`personal.status.${st}`),
          }}
        />
      </section>
      <section className="svc-card">
        <Table<LibraryDocument>
          rowKey="documentId"
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          locale={{ emptyText: t('personal.empty') }}
          scroll={{ x: 560 }}
          pagination={{
            current: pageNo,
            pageSize: 10,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            onChange: setPageNo,
          }}
          columns={[
            { title: t('personal.title_'), dataIndex: 'title', ellipsis: true },
            {
              title: t('personal.chars'),
              dataIndex: 'characters',
              width: 100,
              render: (v: number) => num(v),
            },
            {
              title: t('personal.addedAt'),
              dataIndex: 'createdAt',
              width: 150,
              render: (v: string) => formatTime(v, '{y}-{m}-{d} {h}:{i}'),
            },
            {
              title: '',
              key: 'actions',
              width: 70,
              render: (_: unknown, r) => (
                <Popconfirm
                  title={t('personal.deleteConfirm')}
                  onConfirm={async () => {
                    await deleteFromMyLibrary(r.documentId);
                    refresh();
                  }}
                >
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('personal.delete')} />
                </Popconfirm>
              ),
            },
          ]}
        />
      </section>
    </div>
  );
}
