import { randomBytes } from 'node:crypto';
import type { ParsedDocument } from '@paperdesk/textkit';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { notFound } from '../../errors.ts';
import type { ReadSource, UploadedFile } from './source.ts';

/** How long a counted upload can still be turned into a record: a user reads the quote, then confirms. */
export const UPLOAD_TTL_MS = 2 * 60 * 60 * 1000;

/** Who sent an upload: the signed-in user, else only the same client address may use it. */
export interface UploadClient {
  userId: number | null;
  ip: string;
}

const EXPIRED = '上传的文件已过期或不存在，请重新上传';

/**
 * Uploads read once: `word_count` reads a file (in the compute pool) and keeps the result under a random id;
 * `*_init` names that id instead of sending the file again. Kept in the database, so in the scale-out mode the
 * count and the init may reach different API processes.
 */
export function createUploads(db: Db) {
  return {
    /** Keeps a read file for UPLOAD_TTL_MS (and drops expired ones); the original bytes only for .docx. */
    async keep(client: UploadClient, read: ReadSource, file: UploadedFile): Promise<string> {
      const id = randomBytes(18).toString('base64url');
      const cutoff = new Date(Date.now() - UPLOAD_TTL_MS).toISOString();
      await db.deleteFrom('uploadedSources').where('createdAt', '<', cutoff).execute();
      await db
        .insertInto('uploadedSources')
        .values({
          id,
          userId: client.userId,
          clientIp: client.ip,
          fileName: read.fileName ?? file.filename.slice(0, 200),
          format: read.format,
          document: JSON.stringify(read.doc),
          data: read.format === 'docx' ? file.data : null,
          characters: read.count?.characters ?? null,
          normalizedChars: read.count?.normalized ?? null,
          createdAt: nowIso(),
        })
        .execute();
      return id;
    },

    /**
     * The upload kept under `id` for this client, as an already-read source. An upload counted before signing
     * in belongs to the address it came from, so the same browser may use it after logging in.
     */
    async take(client: UploadClient, id: string): Promise<ReadSource> {
      const row = await db.selectFrom('uploadedSources').selectAll().where('id', '=', id).executeTakeFirst();
      const cutoff = Date.now() - UPLOAD_TTL_MS;
      const owned =
        row &&
        (row.userId !== null ? row.userId === client.userId : row.clientIp === client.ip) &&
        Date.parse(row.createdAt) >= cutoff;
      if (!row || !owned) throw notFound(EXPIRED);
      return {
        doc: JSON.parse(row.document) as ParsedDocument,
        format: row.format,
        fileName: row.fileName,
        ...(row.data ? { file: { filename: row.fileName, data: Buffer.from(row.data) } } : {}),
        ...(row.characters !== null && row.normalizedChars !== null
          ? { count: { characters: Number(row.characters), normalized: Number(row.normalizedChars) } }
          : {}),
      };
    },

    /** Drops an upload once a record was made from it: the paper is then stored once, with its record. */
    async release(id: string): Promise<void> {
      await db.deleteFrom('uploadedSources').where('id', '=', id).execute();
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;
