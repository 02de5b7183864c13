import SubmitPage from './SubmitPage.tsx';

/** /aigcdown/machine: 降AIGC (spec §2). */
export default function SubmitAigc() {
  return <SubmitPage variant="aigc" />;
}
