// Entry of a word-segmenting thread (see word-threads.ts). Worker threads do not inherit the TypeScript loader
// of the process that starts them (tsx, vite-node), so the thread registers tsx itself before importing its body.
import { register } from 'tsx/esm/api';

register();
await import('./word-thread-body.ts');
