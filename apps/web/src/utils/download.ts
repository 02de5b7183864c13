import type { Endpoint, EndpointQueryInput } from '@paperdesk/contracts';
import {
  announce,
  authHeaders,
  buildUrl,
  errorFromResponse,
  errorFromThrown,
  type Query,
  withTimeout,
} from './request.ts';

// downloads are a module of their own: no first screen downloads, so none loads this

/** A report or a document is rendered on demand: longer than a call may take. */
const DOWNLOAD_TIMEOUT_MS = 120_000;

/**
 * The one download helper: a file by its definition (`result: null`), fetched with the bearer token and saved
 * under the server's Content-Disposition name, else `fallbackName`. Resolves with the name used.
 */
export async function downloadFrom<E extends Endpoint>(
  endpoint: E,
  query: EndpointQueryInput<E>,
  fallbackName: string,
): Promise<string> {
  const url = buildUrl(endpoint.path, query as Query);
  const { signal, timeout } = withTimeout(DOWNLOAD_TIMEOUT_MS);
  try {
    const res = await fetch(url, {
      method: endpoint.method,
      headers: authHeaders(),
      signal,
      credentials: 'include',
    });
    if (!res.ok) throw await errorFromResponse(res, url);
    const blob = await res.blob();
    const name = filenameFromDisposition(res.headers.get('content-disposition')) ?? fallbackName;
    saveBlob(blob, name);
    return name;
  } catch (e) {
    const error = errorFromThrown(e, url, timeout);
    announce({ error, method: endpoint.method, url });
    throw error;
  }
}

/** Reads `filename*=UTF-8''…` or `filename="…"` from a Content-Disposition header. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() ?? null;
}

function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
