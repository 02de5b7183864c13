import RecordsPage from './RecordsPage.tsx';

/** /papermachine/list: whole-paper 降重 records (spec §2). */
export default function Records() {
  return <RecordsPage kind="similarity" />;
}
