import { RecordNotFound as NotFound } from '../../components/RecordsPage/RecordStates.tsx';

export { RecordLoading } from '../../components/RecordsPage/RecordStates.tsx';

/** A paper that is not the user's or no longer exists. */
export function RecordNotFound() {
  return (
    <NotFound
      ns="writing"
      titleKey="confirm.notFound"
      backKey="confirm.toRecords"
      recordsPath="/paperwirte/report"
    />
  );
}
