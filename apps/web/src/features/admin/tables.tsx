import type { Page } from '@paperdesk/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Popconfirm, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';

interface Paging {
  pageNo: number;
  pageSize: number;
}

/**
 * A console list (users, orders, audit log): its page, its filters, and the query under `['admin', name]`.
 * Changing a filter goes back to the first page.
 */
export function usePagedList<F extends object, R>(
  name: string,
  fetch: (paging: Paging, filters: F) => Promise<{ result: Page<R> }>,
  initial: F,
  pageSize = 10,
) {
  const [paging, setPaging] = useState<Paging>({ pageNo: 1, pageSize });
  const [filters, setFilters] = useState<F>(initial);
  const list = useQuery({
    queryKey: ['admin', name, paging, filters],
    queryFn: async () => (await fetch(paging, filters)).result,
  });
  const filter = (f: Partial<F>) => {
    setFilters((old) => ({ ...old, ...f }));
    setPaging((p) => ({ ...p, pageNo: 1 }));
  };
  return { list, paging, setPaging, filters, filter };
}

export interface PagedList<R> {
  list: UseQueryResult<Page<R>>;
  paging: Paging;
  setPaging: (update: (p: Paging) => Paging) => void;
}

/** The list's table: rows by id, the server's paging (no size changer). */
export function PagedTable<R extends object>({
  paged,
  ...table
}: { paged: PagedList<R> } & Omit<TableProps<R>, 'rowKey' | 'loading' | 'dataSource' | 'pagination'>) {
  const { list, paging, setPaging } = paged;
  return (
    <Table<R>
      rowKey="id"
      loading={list.isLoading}
      dataSource={list.data?.records ?? []}
      pagination={{
        current: paging.pageNo,
        pageSize: paging.pageSize,
        total: list.data?.total ?? 0,
        showSizeChanger: false,
        onChange: (pageNo) => setPaging((p) => ({ ...p, pageNo })),
      }}
      {...table}
    />
  );
}

/** A row's one action (delete, retry) as the table's last column, asked to confirm first. */
export function confirmedAction<R>(
  width: number,
  confirm: string,
  run: (row: R) => Promise<void>,
  button: ReactNode,
): ColumnType<R> {
  return {
    title: '',
    key: 'actions',
    width,
    render: (_: unknown, row: R) => (
      <Popconfirm title={confirm} onConfirm={() => run(row)}>
        {button}
      </Popconfirm>
    ),
  };
}
