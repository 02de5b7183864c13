import type { FastifyReply } from 'fastify';

export interface DownloadFile {
  body: Buffer;
  contentType: string;
  filename: string;
}

/**
 * Sends a generated file as a private, uncached download: `asciiName` for old clients, the UTF-8 (Chinese)
 * `filename` for the rest.
 */
export function sendDownload(reply: FastifyReply, asciiName: string, file: DownloadFile) {
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
