import './catalogue.ts';
import { DatabaseOutlined, DeleteOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { LibraryDocument, LibraryMatch } from '@paperdesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { num } from '../../shared/format.ts';
import { LibraryUpload } from '../../shared/upload/LibraryUpload.tsx';
import { formatTime } from '../../utils/time.ts';
import { toast } from '../../utils/feedback.ts';
import {
  deleteLibraryDocument,
  libraryDocuments,
  libraryMatches,
  libraryStatus,
  seedLibrary,
  uploadLibraryFile,
  uploadLibraryZip,
} from './api.ts';
import { confirmedAction } from './tables.tsx';
import { PageHero } from '../../shared/records/FormParts.tsx';
import './admin.css';

const MATCHES_SHOWN = 10;

/** /admin/library: the reference library's size and index, the seed, imports with per-file results, search. */
export default function LibraryAdmin() {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [title, setTitle] = useState('');
  const [seeding, setSeeding] = useState(false);

  const status = useQuery({
    queryKey: ['admin', 'library'],
    queryFn: async () => (await libraryStatus()).result,
  });
  const docs = useQuery({
    queryKey: ['admin', 'library', 'docs', paging, title],
    queryFn: async () => (await libraryDocuments(paging, title)).result,
  });
  const matches = useQuery({
    queryKey: ['admin', 'library', 'matches'],
    queryFn: async () => (await libraryMatches(MATCHES_SHOWN)).result,
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

  const s = status.data;
  return (
    <div className="svc-page adm-page">
      <PageHero title={t('library.title')} subtitle={s?.name ?? t('library.subtitle')} />

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
        <p className="svc-muted">{t('library.zipHint')}</p>
        <LibraryUpload
          accept=".docx,.pdf,.txt,.zip"
          send={(file) => (/\.zip$/i.test(file.name) ? uploadLibraryZip(file) : uploadLibraryFile(file))}
          onDone={refresh}
          labels={{
            drag: t('library.dragText'),
            hint: t('library.dragHint'),
            file: t('library.file'),
            result: t('library.result'),
            message: t('library.message'),
            working: (name) => t('library.working', { name }),
            status: (st) => t(`library.status.${st}`),
          }}
        />
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
            confirmedAction<LibraryDocument>(
              70,
              t('library.deleteConfirm'),
              async (r) => {
                await deleteLibraryDocument(r.documentId);
                refresh();
              },
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('library.delete')} />,
            ),
          ]}
        />
      </section>
      <section className="svc-card">
        <h2>{t('library.matchesTitle')}</h2>
        <p className="svc-muted">{t('library.matchesHint')}</p>
        <Table<LibraryMatch>
          size="small"
          rowKey="documentId"
          loading={matches.isLoading}
          dataSource={matches.data ?? []}
          pagination={false}
          locale={{ emptyText: t('library.noMatches') }}
          scroll={{ x: 560 }}
          columns={[
            {
              title: t('library.docTitle'),
              dataIndex: 'title',
              ellipsis: true,
              render: (v: string, r) => (
                <>
                  {v} {r.deleted && <Tag>{t('library.matchesDeleted')}</Tag>}
                </>
              ),
            },
            {
              title: t('library.matchesChecks'),
              dataIndex: 'checks',
              width: 110,
              render: (v: number) => num(v),
            },
            {
              title: t('library.matchesLast'),
              dataIndex: 'lastCheckedAt',
              width: 150,
              render: (v: string) => formatTime(v, '{y}-{m}-{d} {h}:{i}'),
            },
          ]}
        />
      </section>
    </div>
  );
}
