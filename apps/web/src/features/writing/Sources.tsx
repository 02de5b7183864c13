import { DeleteOutlined, FileTextOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import {
  WRITING_SOURCE_FILE_TYPES,
  WRITING_SOURCE_LIMITS,
  type WritingSourceFile,
} from '@paperdesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, Tag, Upload } from 'antd';
import { type Dispatch, type SetStateAction, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewer } from '../../store/user.ts';
import { toast } from '../../utils/feedback.ts';
import { loadSources, myLibraryDocuments, type PaperSources, readSourceFile } from './api.ts';

/** A list key per read file: the same file may be added twice, and files may be removed from the middle. */
const fileKeys = new WeakMap<WritingSourceFile, number>();
let nextKey = 0;
const keyOf = (f: WritingSourceFile) => {
  if (!fileKeys.has(f)) fileKeys.set(f, ++nextKey);
  return fileKeys.get(f);
};

export const NO_SOURCES: PaperSources = { library: [], files: [] };
export const hasSources = (s: PaperSources) => s.library.length > 0 || s.files.length > 0;

/**
 * 参考来源 on the 论文写作 page: 自建库 documents to pick and files to upload for this paper (exports of a
 * reference manager, or PDF/DOCX works). A file is read on the server as soon as it is chosen, so a wrong one
 * is refused here, not after the outline; the page saves the sources once the outline's record exists.
 */
export function Sources({
  value,
  onChange,
}: {
  value: PaperSources;
  onChange: Dispatch<SetStateAction<PaperSources>>;
}) {
  const { t } = useTranslation('writing');
  const { signedIn } = useViewer();
  // what the list holds when a read comes back (reads run concurrently)
  const latest = useRef(value);
  latest.current = value;
  const [reading, setReading] = useState<{ key: string; name: string }[]>([]);
  const library = useQuery({
    queryKey: ['writing', 'my-library'],
    queryFn: async () => (await myLibraryDocuments()).result.records,
    enabled: signedIn,
  });

  async function add(file: File) {
    if (value.files.length + reading.length >= WRITING_SOURCE_LIMITS.files) {
      toast().warning(t('sources.tooMany', { count: WRITING_SOURCE_LIMITS.files }));
      return;
    }
    const key = `${file.name}-${Date.now()}-${Math.random()}`;
    setReading((r) => [...r, { key, name: file.name }]);
    try {
      const read = (await readSourceFile(file)).result;
      // an updater: other files may have been read meanwhile
      const held = latest.current.files.reduce((n, f) => n + f.records.length, 0);
      if (held + read.records.length > WRITING_SOURCE_LIMITS.records) {
        toast().warning(t('sources.tooManyRecords', { count: WRITING_SOURCE_LIMITS.records }));
        return;
      }
      onChange((v) => ({ ...v, files: [...v.files, read] }));
    } catch {
      // the request layer has shown the server's message (not an export, unreadable, too large)
    } finally {
      setReading((r) => r.filter((x) => x.key !== key));
    }
  }

  const records = value.files.reduce((n, f) => n + f.records.length, 0) + value.library.length;
  return (
    <div className="wr-sources" data-testid="wr-sources">
      <div className="wr-sources__head">
        <span className="ck-label">{t('sources.title')}</span>
        {records > 0 && (
          <span className="wr-sources__count" data-testid="wr-sources-count">
            {t('sources.records', { count: records })}
          </span>
        )}
      </div>
      <p className="svc-muted wr-sources__hint">{t('sources.hint')}</p>
      {!signedIn ? (
        <p className="svc-muted">{t('sources.loginFirst')}</p>
      ) : (
        <>
          <Select<number[]>
            mode="multiple"
            size="large"
            style={{ width: '100%' }}
            allowClear
            maxCount={WRITING_SOURCE_LIMITS.library}
            loading={library.isLoading}
            placeholder={t('sources.libraryPlaceholder')}
            notFoundContent={library.isLoading ? null : t('sources.libraryEmpty')}
            optionFilterProp="label"
            value={value.library}
            onChange={(ids) => onChange((v) => ({ ...v, library: ids }))}
            options={(library.data ?? []).map((d) => ({ value: d.documentId, label: d.title }))}
            data-testid="wr-sources-library"
          />
          <div className="wr-sources__upload">
            <Upload
              accept={WRITING_SOURCE_FILE_TYPES.join(',')}
              multiple
              showUploadList={false}
              beforeUpload={(f) => {
                void add(f);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} data-testid="wr-sources-upload">
                {t('sources.upload')}
              </Button>
            </Upload>
            <span className="svc-muted">{t('sources.fileTypes')}</span>
          </div>
          {(value.files.length > 0 || reading.length > 0) && (
            <ul className="wr-sources__files">
              {value.files.map((f, i) => (
                <li key={keyOf(f)} data-testid="wr-source-file">
                  <FileTextOutlined className="wr-sources__icon" />
                  <div className="wr-sources__file">
                    <div>
                      <strong>{f.name}</strong> <Tag>{f.format}</Tag>
                      <span className="svc-muted">{t('sources.records', { count: f.records.length })}</span>
                    </div>
                    <div className="svc-muted wr-sources__titles">
                      {f.records
                        .slice(0, 3)
                        .map((r) => r.title)
                        .join('；')}
                      {f.records.length > 3 ? t('sources.more', { count: f.records.length - 3 }) : ''}
                    </div>
                  </div>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('sources.remove', { name: f.name })}
                    onClick={() => onChange((v) => ({ ...v, files: v.files.filter((_, j) => j !== i) }))}
                  />
                </li>
              ))}
              {reading.map((x) => (
                <li key={x.key}>
                  <LoadingOutlined className="wr-sources__icon" />
                  <span className="svc-muted">{t('sources.reading', { name: x.name })}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

/** The confirm page's view of the sources saved with the paper: what its sections will cite first. */
export function SavedSources({ recordId }: { recordId: number }) {
  const { t } = useTranslation('writing');
  const saved = useQuery({
    queryKey: ['writing', 'sources', recordId],
    queryFn: async () => (await loadSources(recordId)).result,
  });
  if (!saved.data) return null;
  const { sources, records } = saved.data;
  return (
    <section className="svc-card" data-testid="wr-saved-sources">
      <h2>
        {t('sources.savedTitle')}{' '}
        {records > 0 && <span className="svc-muted">{t('sources.records', { count: records })}</span>}
      </h2>
      {sources.length === 0 ? (
        <p className="svc-muted" style={{ margin: 0 }}>
          {t('sources.none')}
        </p>
      ) : (
        <>
          <p className="svc-muted wr-sources__hint">{t('sources.savedHint')}</p>
          <ul className="wr-sources__files">
            {sources.map((s) => (
              <li key={`${s.kind}-${s.documentId ?? ''}-${s.name}`}>
                <FileTextOutlined className="wr-sources__icon" />
                <div className="wr-sources__file">
                  <div>
                    <strong>{s.name}</strong>{' '}
                    <Tag>{s.kind === 'library' ? t('sources.library') : s.format}</Tag>
                    {s.kind === 'file' && (
                      <span className="svc-muted">{t('sources.records', { count: s.titles.length })}</span>
                    )}
                  </div>
                  {s.kind === 'file' && (
                    <div className="svc-muted wr-sources__titles">
                      {s.titles.slice(0, 3).join('；')}
                      {s.titles.length > 3 ? t('sources.more', { count: s.titles.length - 3 }) : ''}
                    </div>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
