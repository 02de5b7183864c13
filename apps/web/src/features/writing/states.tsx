import { RecordNotFound as NotFound } from '../../shared/records/RecordStates.tsx';

export { RecordLoading } from '../../shared/records/RecordStates.tsx';

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
