import {
  CloudUploadOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { LibraryDocument, LibraryFileResult } from '@paperdesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Progress, Statistic, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { num } from '../../shared/format.ts';
import { formatTime } from '../../utils/time.ts';
import { toast } from '../../utils/feedback.ts';
import {
  deleteLibraryDocument,
  libraryDocuments,
  libraryStatus,
  seedLibrary,
  uploadLibraryFile,
} from './api.ts';
import './admin.css';

const STATUS_COLOR: Record<LibraryFileResult['status'], string> = {
  imported: 'success',
  duplicate: 'default',
  unreadable: 'error',
  empty: 'warning',
};

/** /admin/library: the reference library's size and index, the seed, imports with per-file results, search. */
export default function LibraryAdmin() {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [title, setTitle] = useState('');
  const [seeding, setSeeding] = useState(false);
  const [upload, setUpload] = useState<{ done: number; total: number; results: LibraryFileResult[] } | null>(
    null,
  );

  const status = useQuery({
    queryKey: ['admin', 'library'],
    queryFn: async () => (await libraryStatus()).result,
  });
  const docs = useQuery({
    queryKey: ['admin', 'library', 'docs', paging, title],
    queryFn: async () => (await libraryDocuments(paging, title)).result,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['admin', 'library'] });

  async function seed() {
    setSeeding(true);
    try {
      const r = await seedLibrary();
      toast().success(t('library.seeded', { added: num(r.result.added), skipped: num(r.result.skipped) }));
      refresh();
    } catch {
      // shown by the request layer
    } finally {
      setSeeding(false);
    }
  }

  async function importFiles(files: File[]) {
    const results: LibraryFileResult[] = [];
    setUpload({ done: 0, total: files.length, results });
    for (const [i, file] of files.entries()) {
      try {
        results.push(...(await uploadLibraryFile(file)).result.files);
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

  const s = status.data;
  return (
    <div className="svc-page adm-page">
      <header className="svc-hero">
        <div>
          <h1>{t('library.title')}</h1>
          <p>{s?.name ?? t('library.subtitle')}</p>
        </div>
      </header>

      <section className="adm-stats">
        <div className="svc-card">
          <Statistic title={t('library.documents')} value={s?.documents ?? 0} prefix={<DatabaseOutlined />} />
        </div>
        <div className="svc-card">
          <Statistic title={t('library.characters')} value={s?.characters ?? 0} />
        </div>
        <div className="svc-card">
          <Statistic title={t('library.indexed')} value={s?.index.indexedDocuments ?? 0} />
          <div className="svc-muted">
            {s?.index.savedAt
              ? t('library.saved', {
                  docs: num(s.index.savedDocuments ?? 0),
                  mb: ((s.index.fileBytes ?? 0) / 1048576).toFixed(1),
                  time: formatTime(s.index.savedAt, '{y}-{m}-{d} {h}:{i}'),
                })
              : t('library.notSaved')}
          </div>
        </div>
        <div className="svc-card">
          <Statistic
            title={t('library.heap')}
            value={((s?.index.heapUsedBytes ?? 0) / 1048576).toFixed(0)}
            suffix="MB"
          />
        </div>
      </section>

      <section className="svc-card adm-seed">
        <div>
          <h2>{t('library.seedTitle')}</h2>
          <p className="svc-muted">
            {s?.seed
              ? t('library.seedDone', {
                  added: num(s.seed.added),
                  time: formatTime(s.seed.importedAt, '{y}-{m}-{d} {h}:{i}'),
                })
              : t('library.seedHint')}
          </p>
        </div>
        <Button type="primary" icon={<ThunderboltOutlined />} loading={seeding} onClick={() => void seed()}>
          {s?.seed ? t('library.seedAgain') : t('library.seedButton')}
        </Button>
      </section>

      <section className="svc-card">
        <h2>{t('library.importTitle')}</h2>
        <Upload.Dragger
          multiple
          accept=".docx,.pdf,.txt"
          showUploadList={false}
          beforeUpload={(_file, list) => {
            if (_file === list[0]) void importFiles(list as unknown as File[]);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <CloudUploadOutlined />
          </p>
          <p>{t('library.dragText')}</p>
          <p className="svc-muted">{t('library.dragHint')}</p>
        </Upload.Dragger>
        {upload && (
          <div className="adm-upload">
            <Progress percent={Math.round((upload.done / upload.total) * 100)} />
            <Table
              size="small"
              rowKey={(r) => `${r.file}-${r.documentId ?? r.message}`}
              pagination={false}
              dataSource={upload.results}
              columns={[
                { title: t('library.file'), dataIndex: 'file' },
                {
                  title: t('library.result'),
                  dataIndex: 'status',
                  width: 120,
                  render: (v: LibraryFileResult['status']) => (
                    <Tag color={STATUS_COLOR[v]}>{t(`library.status.${v}`)}</Tag>
                  ),
                },
                { title: t('library.message'), dataIndex: 'message' },
              ]}
            />
          </div>
        )}
      </section>

      <section className="svc-card">
        <div className="adm-toolbar">
          <h2>{t('library.listTitle')}</h2>
          <Input.Search
            allowClear
            placeholder={t('library.search')}
            onSearch={(v) => {
              setTitle(v.trim());
              setPaging((p) => ({ ...p, pageNo: 1 }));
            }}
            style={{ maxWidth: 320 }}
          />
        </div>
        <Table<LibraryDocument>
          rowKey="documentId"
          loading={docs.isLoading}
          dataSource={docs.data?.records ?? []}
          scroll={{ x: 720 }}
          pagination={{
            current: paging.pageNo,
            pageSize: paging.pageSize,
            total: docs.data?.total ?? 0,
            showSizeChanger: false,
            onChange: (pageNo) => setPaging((p) => ({ ...p, pageNo })),
          }}
          columns={[
            { title: t('library.docTitle'), dataIndex: 'title', ellipsis: true },
            { title: t('library.source'), dataIndex: 'source', width: 220, ellipsis: true },
            { title: t('library.chars'), dataIndex: 'characters', width: 90, render: (v: number) => num(v) },
            {
              title: t('library.origin'),
              dataIndex: 'origin',
              width: 90,
              render: (v: string) => <Tag>{t(`library.originOf.${v}`)}</Tag>,
            },
            {
              title: '',
              key: 'actions',
              width: 70,
              render: (_: unknown, r) => (
                <Popconfirm
                  title={t('library.deleteConfirm')}
                  onConfirm={async () => {
                    await deleteLibraryDocument(r.documentId);
                    refresh();
                  }}
                >
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('library.delete')} />
                </Popconfirm>
              ),
            },
          ]}
        />
      </section>
    </div>
  );
}
