import { CloudUploadOutlined, DeleteOutlined, FolderOpenOutlined } from '@ant-design/icons';
import type { LibraryDocument, LibraryFileResult } from '@paperdesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Progress, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { num } from '../../shared/format.ts';
import { formatTime } from '../../utils/time.ts';
import { deleteFromMyLibrary, myLibrary, myLibraryStats, uploadToMyLibrary } from './api.ts';
import './check.css';

const STATUS_COLOR: Record<LibraryFileResult['status'], string> = {
  imported: 'success',
  duplicate: 'default',
  unreadable: 'error',
  empty: 'warning',
};

/** /papercheck/mylib: 自建库, the user's private references that only their own checks compare against. */
export default function PersonalLibrary() {
  const { t } = useTranslation('check');
  const qc = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [upload, setUpload] = useState<{ done: number; total: number; results: LibraryFileResult[] } | null>(
    null,
  );
  const stats = useQuery({
    queryKey: ['mylib', 'stats'],
    queryFn: async () => (await myLibraryStats()).result,
  });
  const list = useQuery({
    queryKey: ['mylib', 'list', pageNo],
    queryFn: async () => (await myLibrary({ pageNo, pageSize: 10 })).result,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['mylib'] });

  async function add(files: File[]) {
    const results: LibraryFileResult[] = [];
    setUpload({ done: 0, total: files.length, results });
    for (const [i, file] of files.entries()) {
      try {
        results.push(...(await uploadToMyLibrary(file)).result.files);
      } catch (e) {
        results.push({
          file: file.name,
          status: 'unreadable',
          message: e instanceof Error ? e.message : String(e),
          documentId: null,
        });
      }
      setUpload({ done: i + 1, total: files.length, results: [...results] });
    }
    refresh();
  }

  return (
    <div className="svc-page">
      <header className="svc-hero">
        <div>
          <h1>{t('personal.title')}</h1>
          <p>{t('personal.subtitle')}</p>
        </div>
        <div className="svc-hero__chips">
          <span className="svc-chip">
            <FolderOpenOutlined /> {num(stats.data?.documents ?? 0)} {t('personal.documents')}
          </span>
          <span className="svc-chip">
            {num(stats.data?.characters ?? 0)} {t('personal.characters')}
          </span>
        </div>
      </header>
      <section className="svc-card">
        <Upload.Dragger
          multiple
          accept=".docx,.pdf,.txt"
          showUploadList={false}
          beforeUpload={(file, fileList) => {
            if (file === fileList[0]) void add(fileList as unknown as File[]);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <CloudUploadOutlined />
          </p>
          <p>{t('personal.dragText')}</p>
          <p className="svc-muted">{t('personal.dragHint')}</p>
        </Upload.Dragger>
        {upload && (
          <div style={{ marginTop: 16 }}>
            <Progress percent={Math.round((upload.done / upload.total) * 100)} />
            {upload.results.map((r) => (
              <div key={`${r.file}-${r.documentId ?? r.message}`} className="svc-muted">
                <Tag color={STATUS_COLOR[r.status]}>{t(`personal.status.${r.status}`)}</Tag> {r.file}
                {r.status === 'imported' ? '' : `：${r.message}`}
              </div>
            ))}
          </div>
        )}
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
