import fs from 'node:fs';
import { expect, it } from 'vitest';
import { startServerWith } from './support/server.ts';

/** Live child processes of this test process, from /proc (Linux). */
function children(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        // field 4 of /proc/<pid>/stat is the parent; the name (field 2) may hold spaces, so split after it
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(ppid) === process.pid && state !== 'Z';
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/** Issue 27: a browser that fails to start left the e2e file's server running after `npm test` ended. */
it('a browser that fails to launch takes the server started beside it down with it', async () => {
  const before = children();
  const launch = () =>
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('浏览器启动失败')), 50));
  await expect(startServerWith({}, launch)).rejects.toThrow('浏览器启动失败');
  expect(children().filter((pid) => !before.includes(pid))).toEqual([]);
});
