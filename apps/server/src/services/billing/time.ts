/** Asia/Shanghai calendar day (UTC+8 all year, no daylight saving) as YYYY-MM-DD. */
export function shanghaiDay(at: Date = new Date()): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

export const yuan = (fen: number) => (fen / 100).toFixed(2);
