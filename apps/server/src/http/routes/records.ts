import type { Endpoint, EndpointBody, EndpointResult, PageQuery } from '@paperdesk/contracts';
import { ok } from '../envelope.ts';
import { type UserEndpoint, userRoute } from './factory.ts';
import type { ZodApp } from './types.ts';

/** The calls every paid record answers the same way, whatever the service. */
export interface RecordCalls<L extends Endpoint, G extends Endpoint> {
  list(userId: number, paging: PageQuery, filter: NonNullable<EndpointBody<L>>): Promise<EndpointResult<L>>;
  load(userId: number, id: number): Promise<EndpointResult<G>>;
  remove(userId: number, id: number): Promise<void>;
}

/**
 * query_list, load_by_id and delete of one paid-record group, from its endpoint definitions: the list
 * filter is optional (an empty body lists everything), delete answers `true` with 已删除.
 */
export function recordRoutes<
  L extends UserEndpoint & { query: typeof import('@paperdesk/contracts').PageQuery },
  G extends UserEndpoint,
  D extends UserEndpoint,
>(
  app: ZodApp,
  tags: readonly string[],
  endpoints: { list: L; load: G; delete: D },
  service: RecordCalls<L, G>,
) {
  userRoute(app, tags, endpoints.list, async (c) =>
    ok(await service.list(c.userId, c.query as PageQuery, (c.body ?? {}) as NonNullable<EndpointBody<L>>)),
  );
  userRoute(app, tags, endpoints.load, async (c) =>
    ok(await service.load(c.userId, (c.query as { id: number }).id)),
  );
  userRoute(app, tags, endpoints.delete, async (c) => {
    await service.remove(c.userId, (c.query as { id: number }).id);
    return ok(true as EndpointResult<D>, '已删除');
  });
}
