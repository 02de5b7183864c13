import SubmitPage from './SubmitPage.tsx';

/** /papermachinesubmit/papermachine: whole-paper strong 降重 (spec §2). */
export default function SubmitSimilarity() {
  return <SubmitPage variant="similarity" />;
}
