import type { Page } from '@paperdesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectLoggedIn, useUserStore } from '../../store/user.ts';
import { toast } from '../../utils/feedback.ts';
import { POLL_MS, queryKeys, type RecordArea } from './queries.ts';
import { isActive, type RecordStatus } from './status.ts';

export interface Paging {
  pageNo: number;
  pageSize: number;
}
export interface RecordFilter {
  status?: RecordStatus;
  title?: string;
}
interface ListedRecord {
  id: number;
  status: RecordStatus;
}

/**
 * The state of a records page: paging, status filter and keyword, the page of records (polled while any runs)
 * and delete. `area` names the list in the query cache, `fetch` is the area's query_list call (asked to stay
 * silent: a poll must not toast); `ns` is the page's i18n namespace; its `records.deleted` is toasted after a delete.
 */
export function useRecordList<R extends ListedRecord>(
  ns: string,
  area: RecordArea,
  fetch: (paging: Paging, filter: RecordFilter, silent: boolean) => Promise<{ result: Page<R> }>,
  remove: (id: number) => Promise<unknown>,
) {
  const { t } = useTranslation(ns);
  const loggedIn = useUserStore(selectLoggedIn);
  const [paging, setPaging] = useState<Paging>({ pageNo: 1, pageSize: 10 });
  const [status, setStatus] = useState<RecordStatus | undefined>(undefined);
  const [keyword, setKeyword] = useState('');

  const list = useQuery({
    queryKey: queryKeys.records(area, paging, status, keyword),
    queryFn: async () =>
      (await fetch(paging, { ...(status ? { status } : {}), ...(keyword ? { title: keyword } : {}) }, true))
        .result,
    enabled: loggedIn,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.records.some((r) => isActive(r.status)) ? POLL_MS.records : false),
  });

  return {
    ns,
    loggedIn,
    list,
    paging,
    setPaging,
    status,
    filterStatus: (next: RecordStatus | undefined) => {
      setStatus(next);
      setPaging((p) => ({ ...p, pageNo: 1 }));
    },
    search: (text: string) => {
      setKeyword(text.trim());
      setPaging((p) => ({ ...p, pageNo: 1 }));
    },
    remove: async (r: R) => {
      await remove(r.id);
      toast().success(t('records.deleted'));
      void list.refetch();
    },
  };
}

export type RecordList<R extends ListedRecord> = ReturnType<typeof useRecordList<R>>;
