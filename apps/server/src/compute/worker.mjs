/**
 * Entry of a compute-pool worker thread. A worker thread inherits neither tsx's loader from `npm start` /
 * `npm run worker` nor vitest's transform (the pool starts it with an empty execArgv), so it registers tsx itself
 * and only then imports the TypeScript tasks.
 */
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./tasks.ts');
// uploads and AIGC batches keep a core busy: the API thread comes first when both want it
(await import('./thread-priority.ts')).runBelowApiThread();

export const readDocumentTask = tasks.readDocumentTask;
export const aigcModelTask = tasks.aigcModelTask;
export const aigcDetectTask = tasks.aigcDetectTask;
export const similarityTask = tasks.similarityTask;
export const rewriteDocxTask = tasks.rewriteDocxTask;
export const matchReportTask = tasks.matchReportTask;
export const aigcWindowsTask = tasks.aigcWindowsTask;
export const unzipLibraryTask = tasks.unzipLibraryTask;
export const referencesTask = tasks.referencesTask;
export const importRecordsTask = tasks.importRecordsTask;
export const reportFileTask = tasks.reportFileTask;
