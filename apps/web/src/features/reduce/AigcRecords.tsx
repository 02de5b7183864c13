import RecordsPage from './RecordsPage.tsx';

/** /aigc/list: 降AIGC records (spec §2). */
export default function AigcRecords() {
  return <RecordsPage kind="aigc" />;
}
