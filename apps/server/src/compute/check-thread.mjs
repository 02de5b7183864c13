// Entry of the check thread (see check-thread.ts). Worker threads do not inherit the TypeScript loader of the
// process that starts them (tsx under `npm start` / `npm run worker`, vite-node under vitest), so the thread
// registers tsx itself before importing its TypeScript body.
import { register } from 'tsx/esm/api';

register();
await import('./check-thread-body.ts');
