import { Button, Result, Skeleton, Tag } from 'antd';
import type { ComponentProps, ReactNode } from 'react';
import { PayActions } from './PayActions.tsx';
import { PayBox } from './PayBox.tsx';
import { type RecordStatus, STATUS_COLORS } from './status.ts';

/**
 * The cards of a confirm-and-pay page: what will be processed (a summary list under a status tag) and the bill
 * with its pay actions; and what such a page shows once its record is already paid. Texts come translated.
 */

/** One row of a summary list: a label, the value and, for tests, the value's test id. */
export interface SummaryRow {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** The card saying what will be processed: a title with the record's status, `before` it the rows, `children`. */
export function SummaryCard(props: {
  title: ReactNode;
  status: RecordStatus;
  statusLabel: string;
  rows: (SummaryRow | false | null | undefined)[];
  before?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="svc-card">
      <h2>
        {props.title} <Tag color={STATUS_COLORS[props.status]}>{props.statusLabel}</Tag>
      </h2>
      {props.before}
      <dl className="ck-summary">{props.rows.map((r) => r && <SummaryEntry key={r.label} row={r} />)}</dl>
      {props.children}
    </section>
  );
}

function SummaryEntry({ row }: { row: SummaryRow }) {
  return (
    <>
      <dt>{row.label}</dt>
      <dd data-testid={row.testId}>{row.value}</dd>
    </>
  );
}

/**
 * The bill card: a skeleton until the wallet (or quote) is `ready`, then the bill (`box`, with `lines` for what
 * quota or a free check takes off), `between` (a blocking notice) and the pay actions.
 */
export function PayCard(props: {
  title: ReactNode;
  ready: boolean;
  box: Omit<ComponentProps<typeof PayBox>, 'children'>;
  lines?: ReactNode;
  between?: ReactNode;
  actions: ComponentProps<typeof PayActions>;
  /** Above the bill (e.g. the edition switch). */
  children?: ReactNode;
}) {
  return (
    <section className="svc-card">
      <h2>{props.title}</h2>
      {props.children}
      {props.ready ? (
        <PayBox {...props.box}>{props.lines}</PayBox>
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} />
      )}
      {props.between}
      <PayActions {...props.actions} />
    </section>
  );
}

/** A confirm page opened for a record already paid: says so, its status, and leads on to its result. */
export function AlreadySubmitted(props: {
  title: string;
  status: string;
  action: string;
  onOpen: () => void;
}) {
  return (
    <div className="svc-page">
      <Result
        status="success"
        title={props.title}
        subTitle={props.status}
        extra={
          <Button type="primary" onClick={props.onOpen}>
            {props.action}
          </Button>
        }
      />
    </div>
  );
}
