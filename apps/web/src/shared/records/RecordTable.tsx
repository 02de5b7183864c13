import { Empty, Pagination, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../store/app.ts';
import type { RecordStatus } from './status.ts';
import type { RecordList } from './useRecordList.ts';
import './records.css';

interface TableRecord {
  id: number;
  title: string;
  status: RecordStatus;
}

/** What a page says about its records: the table's columns and the parts of a mobile card. */
interface RecordViews<R extends TableRecord> {
  rec: RecordList<R>;
  columns: ColumnsType<R>;
  open: (r: R) => void;
  meta: (r: R) => ReactNode;
  status: (r: R) => ReactNode;
  actions: (r: R) => ReactNode;
  /** data-testid of each row and card. */
  testId?: string;
}

const rowTestId = (testId: string | undefined) =>
  testId ? () => ({ 'data-testid': testId }) as HTMLAttributes<HTMLElement> : undefined;

/** 查重 / AIGC records: a table paging itself on desktop, bordered cards with a simple pager on mobile. */
export function RecordTable<R extends TableRecord>(props: RecordViews<R> & { aside: (r: R) => ReactNode }) {
  const { t } = useTranslation(props.rec.ns);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const { list, paging, setPaging } = props.rec;
  const data = list.data;
  if (mobile) {
    return (
      <div className="ck-rec-list">
        {data?.records.length === 0 && <Empty description={t('records.empty')} />}
        {data?.records.map((r) => (
          <div className="ck-rec" key={r.id} data-testid={props.testId}>
            <div className="ck-rec__head">
              <button type="button" className="link-button ck-rec__title" onClick={() => props.open(r)}>
                {r.title}
              </button>
              {props.aside(r)}
            </div>
            <div className="ck-rec__meta">{props.meta(r)}</div>
            {props.status(r)}
            <div style={{ marginTop: 6 }}>{props.actions(r)}</div>
          </div>
        ))}
        {data && data.total > paging.pageSize && (
          <Pagination
            simple
            align="center"
            current={paging.pageNo}
            pageSize={paging.pageSize}
            total={data.total}
            onChange={(pageNo) => setPaging((p) => ({ ...p, pageNo }))}
          />
        )}
      </div>
    );
  }
  return (
    <Table<R>
      rowKey="id"
      loading={list.isLoading}
      dataSource={data?.records ?? []}
      locale={{ emptyText: <Empty description={t('records.empty')} /> }}
      onRow={rowTestId(props.testId)}
      pagination={{
        current: paging.pageNo,
        pageSize: paging.pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize }),
      }}
      columns={props.columns}
    />
  );
}

/**
 * 降重 / writing records: a plain empty state, a table (cards on mobile, styled by records.css) and a pager under it.
 */
export function RecordCardTable<R extends TableRecord>(props: RecordViews<R> & { scrollX: number }) {
  const { t } = useTranslation(props.rec.ns);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const { list, paging, setPaging } = props.rec;
  const records = list.data?.records ?? [];
  return (
    <>
      {records.length === 0 && !list.isLoading ? (
        <Empty description={t('records.empty')} />
      ) : mobile ? (
        <div className="rec-cards">
          {records.map((r) => (
            <div key={r.id} className="rec-card-row" data-testid={props.testId}>
              <button type="button" className="rec-card-row__title" onClick={() => props.open(r)}>
                {r.title}
              </button>
              <div className="svc-muted">{props.meta(r)}</div>
              <div className="rec-card-row__foot">
                {props.status(r)}
                {props.actions(r)}
              </div>
            </div>
          ))}
        </div>
      ) : (
        <Table<R>
          rowKey="id"
          loading={list.isFetching && !list.data}
          dataSource={records}
          pagination={false}
          scroll={{ x: props.scrollX }}
          onRow={rowTestId(props.testId)}
          columns={props.columns}
        />
      )}
      {(list.data?.total ?? 0) > paging.pageSize && (
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          current={paging.pageNo}
          pageSize={paging.pageSize}
          total={list.data?.total ?? 0}
          onChange={(pageNo, pageSize) => setPaging({ pageNo, pageSize })}
        />
      )}
    </>
  );
}
