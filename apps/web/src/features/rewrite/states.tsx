import { RecordNotFound as NotFound } from '../../shared/records/RecordStates.tsx';

export { RecordLoading } from '../../shared/records/RecordStates.tsx';

/** A 降重 record that is not the user's or no longer exists. */
export function RecordNotFound() {
  return (
    <NotFound
      ns="machine"
      titleKey="submit.notFound"
      backKey="submit.toRecords"
      recordsPath="/machine/list"
    />
  );
}
