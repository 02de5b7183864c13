// @ts-expect-error plain ESM helper shared with `npm start`
import { ensureWebBuild } from '../../../scripts/web-build.mjs';

/** Browser tests run against the real built app, rebuilt only when its sources changed. */
export function setup(): void {
  (ensureWebBuild as () => boolean)();
}
