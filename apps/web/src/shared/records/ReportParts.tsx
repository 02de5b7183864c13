import { CloseCircleFilled } from '@ant-design/icons';
import { Result, Skeleton } from 'antd';
import { type CSSProperties, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProgressCard } from './ReportChapters.tsx';
import { isActive, type RecordStatus } from './status.ts';

/**
 * What the report and result pages share around their domain content: the head card (title, meta line, actions),
 * the metric tiles, one-at-a-time requests, the paragraphs grouped by chapter, and the
 * page frame that shows the record's state until the report is there.
 */

/**
 * The first card of a report or result: the paper's title, a meta line and what else is said under it, and the
 * actions on the right.
 */
export function ReportHead(props: {
  title: string;
  titleTestId?: string;
  meta: ReactNode;
  below?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="svc-card">
      <div className="ck-report-head">
        <div>
          <h1 data-testid={props.titleTestId}>{props.title}</h1>
          <div className="svc-muted">{props.meta}</div>
          {props.below}
        </div>
        {props.actions && <div className="ck-actions">{props.actions}</div>}
      </div>
    </section>
  );
}

/** One figure of a report: what it is, the value (coloured when it says good or bad) and a line under it. */
export function MetricTile(props: {
  label: ReactNode;
  value: ReactNode;
  color?: string;
  note?: ReactNode;
  testId?: string;
  valueTestId?: string;
  className?: string;
}) {
  const style: CSSProperties | undefined = props.color ? { color: props.color } : undefined;
  return (
    <div className={props.className ? `ck-tile ${props.className}` : 'ck-tile'} data-testid={props.testId}>
      <span>{props.label}</span>
      <strong style={style} data-testid={props.valueTestId}>
        {props.value}
      </strong>
      {props.note !== undefined && <small>{props.note}</small>}
    </div>
  );
}

/**
 * Requests a page runs one at a time (a download, a reload, a cancel): `busy` names the one running (null when
 * none). Errors are shown by the request layer, so a failed one only ends the wait.
 */
export function useBusy<K extends string = 'file'>() {
  const [busy, setBusy] = useState<K | null>(null);
  const run = async (key: K, download: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await download();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

/** A report's paragraphs keyed by the chapter they stand in, in order. */
export function useByChapter<P extends { chapter: number }>(paragraphs: P[]): Map<number, P[]> {
  return useMemo(() => {
    const map = new Map<number, P[]>();
    for (const p of paragraphs) map.set(p.chapter, [...(map.get(p.chapter) ?? []), p]);
    return map;
  }, [paragraphs]);
}

/** A heading paragraph of a report's full text. */
export function HeadingParagraph({ text }: { text: string }) {
  return (
    <div className="ck-para">
      <h3>{text}</h3>
    </div>
  );
}

interface ReportedRecord {
  id: number;
  title: string;
  status: RecordStatus;
  progress: number;
  message: string;
}

/**
 * A report page: a skeleton while the record loads, "not found" with a link back to the records, then the card
 * its state asks for — unpaid (`notPaid`: how to pay), failed (why, and `failedAction`), running (progress, with `tag` and
 * `running` under it) — until `report` gives the page. Texts are `report.notPaid|failed|waiting` and `status.*` in `ns`.
 */
export function ReportFrame<R extends ReportedRecord>(props: {
  ns: string;
  record: { isLoading: boolean; data?: R | null };
  notFound: { title: string; back: string; to: string };
  /** What an unpaid record offers: the way to pay, and a line under `report.notPaid`. */
  notPaid: (r: R) => { action: ReactNode; detail?: string };
  failedAction: ReactNode;
  progressTestId: string;
  tag: (r: R) => ReactNode;
  running?: ReactNode;
  /** The report once it is there (null until then). */
  report: (r: R) => ReactNode;
  after?: ReactNode;
}) {
  const { t } = useTranslation(props.ns);
  const r = props.record.data;
  const report = r && r.status === 'done' ? props.report(r) : null;
  if (report) return <div className="svc-page">{report}</div>;
  let body: ReactNode = <Skeleton active paragraph={{ rows: 8 }} />;
  if (props.record.isLoading) {
    // the skeleton
  } else if (!r)
    body = (
      <Result
        status="404"
        title={props.notFound.title}
        extra={<Link to={props.notFound.to}>{props.notFound.back}</Link>}
      />
    );
  else if (r.status === 'created') {
    const unpaid = props.notPaid(r);
    body = (
      <Result status="info" title={t('report.notPaid')} subTitle={unpaid.detail} extra={unpaid.action} />
    );
  } else if (r.status === 'failed')
    body = (
      <Result
        status="error"
        icon={<CloseCircleFilled />}
        title={t('report.failed')}
        subTitle={r.message}
        extra={props.failedAction}
      />
    );
  else if (isActive(r.status))
    body = (
      <ProgressCard
        testId={props.progressTestId}
        percent={r.progress}
        statusLabel={t(`status.${r.status}`)}
        waiting={t('report.waiting', { title: r.title })}
        tag={props.tag(r)}
      >
        {props.running}
      </ProgressCard>
    );
  return (
    <div className="svc-page">
      <section className="svc-card">{body}</section>
      {props.after}
    </div>
  );
}
