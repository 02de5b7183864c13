import { errorLogEnabled, useErrorLogStore } from '../store/errorLog.ts';
import { onRequestError } from './request.ts';

/** Records a runtime error (window errors, rejected promises, render errors) when the log is enabled. */
export function recordRuntimeError(error: unknown): void {
  if (!errorLogEnabled()) return;
  const err =
    error instanceof Error ? error : new Error(typeof error === 'string' ? error : JSON.stringify(error));
  useErrorLogStore.getState().addErrorLog({
    kind: 'runtime',
    message: err.message || String(error),
    detail: err.stack ?? '',
    url: window.location.pathname + window.location.search,
  });
}

/** Installs the listeners once: window errors, unhandled rejections and failed requests. */
export function installErrorLog(): () => void {
  const onError = (ev: ErrorEvent) => recordRuntimeError(ev.error ?? ev.message);
  const onRejection = (ev: PromiseRejectionEvent) => {
    // Request failures are recorded by the request listener below, once.
    if (ev.reason instanceof Error && ev.reason.name === 'RequestError') return;
    recordRuntimeError(ev.reason);
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  const off = onRequestError(({ error, method, url }) => {
    if (!errorLogEnabled()) return;
    useErrorLogStore.getState().addErrorLog({
      kind: 'request',
      message: error.message,
      detail: `${method} ${url} → ${error.status || error.kind}`,
      url: window.location.pathname + window.location.search,
    });
  });
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    off();
  };
}
