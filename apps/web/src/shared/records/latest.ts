import type { EndpointResult, ListEndpoint, Page, Wire, WiredEndpoint } from '@paperdesk/contracts';
import { recordListWire } from '@paperdesk/contracts/wire';
import { call } from '../../utils/request.ts';

/** The paid-record groups with a record list. */
export type RecordGroup = keyof typeof recordListWire;

type Records = {
  [K in RecordGroup]: EndpointResult<WiredEndpoint<(typeof recordListWire)[K]>> extends Page<infer T>
    ? T
    : never;
};
/** One record of a group, as its list answers it (each has an id and a creation time). */
export type RecordOf<K extends RecordGroup> = Records[K] & { id: number; createdAt: string };

/**
 * A user's latest records of one group (first page, newest first, silent on failure). By the list calls' wire
 * part: the home page's recent records load without the contracts' schemas.
 */
export async function latestRecords<K extends RecordGroup>(group: K, limit: number): Promise<RecordOf<K>[]> {
  // every group's list takes the same paging and an empty filter; TypeScript only knows the group as generic
  const list: Wire<ListEndpoint> = recordListWire[group];
  const page = await call(list, { query: { pageNo: 1, pageSize: limit }, body: {}, silent: true });
  return (page.result as Page<RecordOf<K>>).records;
}
