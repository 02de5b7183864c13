import type { AdminPackage, AdminPackageCreate, AdminPackageUpdate } from '@paperdesk/contracts';
import type { Db } from '../../db/index.ts';
import { conflict, notFound } from '../../errors.ts';
import type { AuditLog } from './audit.ts';

const columns = [
  'id',
  'code',
  'service',
  'edition',
  'name',
  'description',
  'quotaAmount',
  'priceFen',
  'listPriceFen',
  'badge',
  'sort',
  'active',
  'createdAt',
] as const;

type Row = { active: number; service: string } & Omit<AdminPackage, 'active' | 'service'>;
const view = (r: Row): AdminPackage => ({
  ...r,
  service: r.service as AdminPackage['service'],
  active: r.active !== 0,
});

/**
 * Packages (`products`) as the admin edits them. The shop and checkout read `products` on every request,
 * so a change applies at once; each change and its audit entry commit together. Retiring keeps the row
 * (orders point at it) and only stops it being sold.
 */
export function createAdminPackages(deps: { db: Db; audit: AuditLog }) {
  const { db, audit } = deps;

  async function get(id: number, trx: Db = db): Promise<AdminPackage> {
    const r = await trx.selectFrom('products').select(columns).where('id', '=', id).executeTakeFirst();
    if (!r) throw notFound('套餐不存在');
    return view(r);
  }

  return {
    async list(): Promise<AdminPackage[]> {
      const rows = await db.selectFrom('products').select(columns).orderBy('sort').orderBy('id').execute();
      return rows.map(view);
    },

    async create(actorUserId: number, input: AdminPackageCreate): Promise<AdminPackage> {
      return db.transaction().execute(async (trx) => {
        const taken = await trx
          .selectFrom('products')
          .select('id')
          .where('code', '=', input.code)
          .executeTakeFirst();
        if (taken) throw conflict(`套餐编码 ${input.code} 已存在`);
        const { id } = await trx
          .insertInto('products')
          .values({ ...input, quotaKind: input.service })
          .returning('id')
          .executeTakeFirstOrThrow();
        const created = await get(Number(id), trx);
        await audit.record(
          { actorUserId, action: 'package.create', target: input.code, after: created },
          trx,
        );
        return created;
      });
    },

    async update(actorUserId: number, input: AdminPackageUpdate): Promise<AdminPackage> {
      return db.transaction().execute(async (trx) => {
        const before = await get(input.id, trx);
        const { id, ...fields } = input;
        await trx
          .updateTable('products')
          .set({ ...fields, quotaKind: fields.service })
          .where('id', '=', id)
          .execute();
        const after = await get(id, trx);
        await audit.record(
          { actorUserId, action: 'package.update', target: before.code, before, after },
          trx,
        );
        return after;
      });
    },

    async setActive(actorUserId: number, id: number, active: boolean): Promise<AdminPackage> {
      return db.transaction().execute(async (trx) => {
        const before = await get(id, trx);
        await trx
          .updateTable('products')
          .set({ active: active ? 1 : 0 })
          .where('id', '=', id)
          .execute();
        const after = await get(id, trx);
        await audit.record(
          {
            actorUserId,
            action: active ? 'package.restore' : 'package.retire',
            target: before.code,
            before: { active: before.active },
            after: { active: after.active },
          },
          trx,
        );
        return after;
      });
    },
  };
}

export type AdminPackages = ReturnType<typeof createAdminPackages>;
