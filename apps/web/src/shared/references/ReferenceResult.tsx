import './catalogue.ts';
import type { ReferenceCheck, ReferenceEntryCheck } from '@paperdesk/contracts';
import { Descriptions, Grid, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR = { verified: 'green', mismatch: 'orange', unverified: 'default' } as const;

/** The parsed elements a reader checks an entry by, in GB/T 7714's order (empty ones left out). */
const FIELD_KEYS = [
  'title',
  'type',
  'container',
  'publisher',
  'year',
  'volume',
  'issue',
  'pages',
  'doi',
  'url',
] as const;

/**
 * 参考文献核查, one list entry by entry: its parsed fields, its format problems against GB/T 7714 with the
 * corrected entry, and whether a record confirms it (or which sources were searched) — plus the body's citation
 * consistency when the list came with a paper. The 查重 report's chapter and the standalone check page show it.
 */
export function ReferenceResult({ result: r, testId }: { result: ReferenceCheck; testId?: string }) {
  const { t } = useTranslation('references');
  // a phone has no room for four columns: the problems and the verdict go under the entry
  const narrow = !Grid.useBreakpoint().md;
  const list = (xs: readonly (number | string)[]) => xs.join('、');
  const c = r.citations;
  const notes = c
    ? [
        c.missingEntries.length > 0 && t('chapter.missingEntries', { list: list(c.missingEntries) }),
        c.uncited.length > 0 && t('chapter.uncited', { list: list(c.uncited) }),
        c.outOfOrder.length > 0 && t('chapter.outOfOrder', { list: list(c.outOfOrder) }),
        c.unmatchedAuthorYear.length > 0 &&
          t('chapter.unmatched', { list: list(c.unmatchedAuthorYear.slice(0, 10)) }),
      ].filter((x): x is string => Boolean(x))
    : [];
  return (
    <section className="svc-card" data-testid={testId}>
      <h2>
        {t('chapter.title')} <Tag>{t('chapter.standard', { year: r.standard })}</Tag>
      </h2>
      {!r.found ? (
        <p className="svc-muted">{r.message}</p>
      ) : (
        <>
          <p data-testid="refs-summary">
            {t('chapter.summary', {
              total: r.summary.total,
              verified: r.summary.verified,
              mismatch: r.summary.mismatch,
              unverified: r.summary.unverified,
              problems: r.summary.withProblems,
            })}
          </p>
          <p className="svc-muted">
            {t('chapter.searched', { sources: r.searched.join('、') || t('chapter.noSources') })}
            {r.unavailable.length > 0 &&
              ` ${t('chapter.unavailable', { sources: r.unavailable.join('、') })}`}
          </p>
          {notes.map((n) => (
            <p key={n} style={{ color: '#d46b08' }}>
              {n}
            </p>
          ))}
          <Table<ReferenceEntryCheck>
            size="small"
            rowKey="index"
            pagination={r.entries.length > 20 ? { pageSize: 20 } : false}
            dataSource={r.entries}
            expandable={{
              expandedRowRender: (e) => <EntryFields entry={e} />,
              columnTitle: '',
            }}
            columns={[
              {
                title: t('chapter.col.no'),
                width: narrow ? 48 : 64,
                render: (_, e) => (e.number !== null ? `[${e.number}]` : e.index),
              },
              {
                title: t('chapter.col.entry'),
                render: (_, e) => (
                  <>
                    <div>{e.raw}</div>
                    {e.problems.length > 0 && (
                      <div className="svc-muted">
                        {t('chapter.corrected')}
                        {e.corrected}
                      </div>
                    )}
                    {narrow && (
                      <>
                        {e.problems.length > 0 && <Problems entry={e} />}
                        <Verdict entry={e} />
                      </>
                    )}
                  </>
                ),
              },
              ...(narrow
                ? []
                : [
                    {
                      title: t('chapter.col.problems'),
                      width: 200,
                      render: (_: unknown, e: ReferenceEntryCheck) => <Problems entry={e} />,
                    },
                    {
                      title: t('chapter.col.verdict'),
                      width: 200,
                      render: (_: unknown, e: ReferenceEntryCheck) => <Verdict entry={e} />,
                    },
                  ]),
            ]}
          />
        </>
      )}
    </section>
  );
}

function Problems({ entry: e }: { entry: ReferenceEntryCheck }) {
  const { t } = useTranslation('references');
  if (e.problems.length === 0) return <div>{t('chapter.none')}</div>;
  return (
    <div style={{ color: '#d46b08' }}>
      {e.problems.map((p) => (
        <div key={p.kind}>{p.message}</div>
      ))}
    </div>
  );
}

function Verdict({ entry: { verdict: v } }: { entry: ReferenceEntryCheck }) {
  const { t } = useTranslation('references');
  return (
    <div data-testid="refs-verdict">
      <Tag color={STATUS_COLOR[v.status]}>{t(`chapter.status.${v.status}`)}</Tag>
      {v.status === 'unverified' ? (
        <div className="svc-muted">
          {t('chapter.entrySearched', { sources: v.searched.join('、') || t('chapter.noSources') })}
          {v.unavailable.length > 0 &&
            ` ${t('chapter.entryUnavailable', { sources: v.unavailable.join('、') })}`}
        </div>
      ) : (
        <div className="svc-muted">
          {v.source}：{v.record.title}
          {v.record.year && ` (${v.record.year})`}
          {v.status === 'mismatch' && ` · ${t('chapter.differs', { fields: v.differences.join('、') })}`}
        </div>
      )}
    </div>
  );
}

/** An entry's elements as parsed: what the format check and the verification read. */
function EntryFields({ entry: { fields: f } }: { entry: ReferenceEntryCheck }) {
  const { t } = useTranslation('references');
  const authors =
    f.authors.length > 0 ? `${f.authors.join(', ')}${f.etAl ? ` ${t('chapter.fields.etAl')}` : ''}` : '';
  const items = [
    { key: 'authors', label: t('chapter.fields.authors'), children: authors },
    ...FIELD_KEYS.map((k) => ({
      key: k,
      label: t(`chapter.fields.${k}`),
      children: k === 'type' ? [f.type, f.carrier].filter(Boolean).join('/') : f[k],
    })),
  ].filter((i) => i.children);
  return <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} items={items} />;
}
