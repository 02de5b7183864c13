import type { CheckReport, ReferenceEntryCheck } from '@paperdesk/contracts';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR = { verified: 'green', mismatch: 'orange', unverified: 'default' } as const;

/**
 * 参考文献核查: the paper's reference list entry by entry — its format problems against GB/T 7714 with the
 * corrected entry, and whether a record confirms it — plus the body's citation consistency.
 */
export function ReferenceChapter({ report }: { report: CheckReport }) {
  const { t } = useTranslation('check');
  const r = report.references;
  if (!r) return null;
  const list = (xs: readonly (number | string)[]) => xs.join('、');
  const c = r.citations;
  const notes = c
    ? [
        c.missingEntries.length > 0 && t('references.missingEntries', { list: list(c.missingEntries) }),
        c.uncited.length > 0 && t('references.uncited', { list: list(c.uncited) }),
        c.outOfOrder.length > 0 && t('references.outOfOrder', { list: list(c.outOfOrder) }),
        c.unmatchedAuthorYear.length > 0 &&
          t('references.unmatched', { list: list(c.unmatchedAuthorYear.slice(0, 10)) }),
      ].filter((x): x is string => Boolean(x))
    : [];
  return (
    <section className="svc-card" data-testid="reference-chapter">
      <h2>
        {t('references.title')} <Tag>{t('references.standard', { year: r.standard })}</Tag>
      </h2>
      {!r.found ? (
        <p className="svc-muted">{r.message}</p>
      ) : (
        <>
          <p>
            {t('references.summary', {
              total: r.summary.total,
              verified: r.summary.verified,
              mismatch: r.summary.mismatch,
              unverified: r.summary.unverified,
              problems: r.summary.withProblems,
            })}
          </p>
          <p className="svc-muted">
            {t('references.searched', { sources: r.searched.join('、') || t('references.noSources') })}
            {r.unavailable.length > 0 &&
              ` ${t('references.unavailable', { sources: r.unavailable.join('、') })}`}
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
            columns={[
              {
                title: t('references.col.no'),
                width: 64,
                render: (_, e) => (e.number !== null ? `[${e.number}]` : e.index),
              },
              {
                title: t('references.col.entry'),
                render: (_, e) => (
                  <>
                    <div>{e.raw}</div>
                    {e.problems.length > 0 && (
                      <div className="svc-muted">
                        {t('references.corrected')}
                        {e.corrected}
                      </div>
                    )}
                  </>
                ),
              },
              {
                title: t('references.col.problems'),
                width: 220,
                render: (_, e) =>
                  e.problems.length > 0
                    ? e.problems.map((p) => <div key={p.kind}>{p.message}</div>)
                    : t('references.none'),
              },
              {
                title: t('references.col.verdict'),
                width: 200,
                render: (_, e) => (
                  <>
                    <Tag color={STATUS_COLOR[e.verdict.status]}>
                      {t(`references.status.${e.verdict.status}`)}
                    </Tag>
                    {e.verdict.status !== 'unverified' && (
                      <div className="svc-muted">
                        {e.verdict.source}：{e.verdict.record.title}
                        {e.verdict.status === 'mismatch' &&
                          ` · ${t('references.differs', { fields: e.verdict.differences.join('、') })}`}
                      </div>
                    )}
                  </>
                ),
              },
            ]}
          />
        </>
      )}
    </section>
  );
}
