import * as contracts from '@paperdesk/contracts';
import type { Endpoint } from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/http/app.ts';
import { describeEachDatabase } from './support/databases.ts';

const isEndpoint = (v: unknown): v is Endpoint =>
  !!v && typeof v === 'object' && 'path' in v && 'method' in v && 'summary' in v && 'result' in v;

/** Every endpoint of every group the contracts export. */
const endpoints = Object.values(contracts).flatMap((group) =>
  group && typeof group === 'object' ? Object.values(group).filter(isEndpoint) : [],
);

describeEachDatabase('API docs from the contracts', (getCtx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(getCtx());
  });

  it('documents every contracts endpoint under its method and path, with its summary', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = (res.json() as { paths: Record<string, Record<string, { summary?: string }>> }).paths;
    expect(endpoints.length).toBeGreaterThan(100);
    const missing = endpoints
      .filter((ep) => paths[ep.path]?.[ep.method.toLowerCase()]?.summary !== ep.summary)
      .map((ep) => `${ep.method} ${ep.path}`);
    expect(missing).toEqual([]);
  });
});
