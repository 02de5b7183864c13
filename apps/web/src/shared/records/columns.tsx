import { Button } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatTime } from '../../utils/time.ts';
import { num, yuan } from '../format.ts';
import type { RecordStatus } from './status.ts';

/** Table columns the records pages share; each page lists its own in its own order. */

export function linkTitleColumn<R extends { title: string }>(
  title: string,
  to: (r: R) => string,
): ColumnType<R> {
  return {
    title,
    dataIndex: 'title',
    ellipsis: true,
    render: (_: string, r) => <Link to={to(r)}>{r.title}</Link>,
  };
}

/** A title that opens the record; `wrap` lets long titles break onto several lines. */
export function buttonTitleColumn<R extends { title: string }>(
  title: string,
  open: (r: R) => void,
  wrap = false,
): ColumnType<R> {
  const style = wrap ? ({ padding: 0, whiteSpace: 'normal', textAlign: 'left' } as const) : { padding: 0 };
  return {
    title,
    dataIndex: 'title',
    render: (_, r) => (
      <Button type="link" onClick={() => open(r)} style={style}>
        {r.title}
      </Button>
    ),
  };
}

export function charactersColumn<R extends { characters: number }>(title: string): ColumnType<R> {
  return { title, dataIndex: 'characters', width: 90, align: 'right', render: (n: number) => num(n) };
}

/** A column drawn by `render` from the whole record. */
export function cellColumn<R>(
  title: string,
  width: number,
  render: (r: R) => ReactNode,
  align?: 'right',
): ColumnType<R> {
  return { title, width, ...(align ? { align } : {}), render: (_: unknown, r) => render(r) };
}

/** What was paid; nothing yet while the record waits for payment. */
export function paidColumn<R extends { status: RecordStatus; paidFen: number }>(
  title: string,
): ColumnType<R> {
  // an amount like ¥1,234.50 must stay on one line: wide enough for it, and never wrapped
  return {
    ...cellColumn(title, 104, (r) => (r.status === 'created' ? '—' : yuan(r.paidFen))),
    className: 'svc-nowrap',
  };
}

export function createdColumn<R extends { createdAt: string }>(title: string, width: number): ColumnType<R> {
  return cellColumn(title, width, (r) => formatTime(r.createdAt, '{y}-{m}-{d} {h}:{i}'));
}

/**
 * The columns a records table ends with: paid, status, created and the row's actions, under the headers every
 * service shares (`common:records.*`).
 */
export function closingColumns<R extends { status: RecordStatus; paidFen: number; createdAt: string }>(
  t: TFunction,
  widths: { status: number; created: number; actions: number },
  status: (r: R) => ReactNode,
  actions: (r: R) => ReactNode,
): ColumnType<R>[] {
  return [
    paidColumn(t('common:records.colPaid')),
    cellColumn(t('common:records.colStatus'), widths.status, status),
    createdColumn(t('common:records.colCreated'), widths.created),
    cellColumn(t('common:records.colActions'), widths.actions, actions),
  ];
}
