import type { ReportSource, SourceRef } from '@paperdesk/contracts';
import type { Selectable } from 'kysely';
import type { EngineResult } from '../../compute/check-engine.ts';
import type { LibraryDocumentsTable } from '../../db/tables/checks.ts';

/** The columns a report's source is named from. */
export type SourceRow = Pick<
  Selectable<LibraryDocumentsTable>,
  'id' | 'title' | 'author' | 'source' | 'year' | 'ownerUserId' | 'origin'
>;

/** How another user's paper (加入比对库) is named in everyone else's report. */
export const SUBMITTED_SOURCE_TITLE = '用户提交文献';

type Naming = Pick<SourceRef, 'title' | 'author' | 'source' | 'year'> & { personal?: true };

const ANONYMOUS: Naming = { title: SUBMITTED_SOURCE_TITLE, author: '', source: '', year: null };

/**
 * How a matched library document is named in the report of `viewerId`. A document a user put in (加入比对库,
 * 自建库) is named only in that user's own reports: to everyone else it is an anonymous 用户提交文献 shown by its
 * matched passage alone, since the title and author were typed by the submitter (naming them would tell who
 * submitted what, and let anyone plant a name of their choice in other people's reports). A document that left
 * the library since is anonymous too: whose it was can no longer be told.
 */
export function sourceNaming(row: SourceRow | undefined, viewerId: number): Naming {
  if (!row) return ANONYMOUS;
  if (row.ownerUserId !== null && row.ownerUserId !== viewerId) return ANONYMOUS;
  return {
    title: row.title,
    author: row.author,
    source: row.source,
    year: row.year,
    ...(row.origin === 'personal' ? { personal: true } : {}),
  };
}

/** The engine's sources (and its 单篇最大 source), found by id, named for the report's owner. */
export function nameSources(
  result: Pick<EngineResult, 'sources' | 'metrics'>,
  rows: readonly SourceRow[],
  viewerId: number,
): { sources: ReportSource[]; maxSingleSource: SourceRef | null } {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const sources = result.sources.map((s): ReportSource => {
    const row = byId.get(s.documentId);
    // 本人文献 not in the user's own account rests on the author names they typed: the report says so
    const declared = s.own && row?.ownerUserId !== viewerId;
    return { ...s, ...sourceNaming(row, viewerId), ...(declared ? { ownByDeclaration: true } : {}) };
  });
  const maxId = result.metrics.maxSingleSourceId;
  if (maxId === null) return { sources, maxSingleSource: null };
  const { personal: _notInARef, ...naming } = sourceNaming(byId.get(maxId), viewerId);
  return { sources, maxSingleSource: { documentId: maxId, ...naming } };
}
