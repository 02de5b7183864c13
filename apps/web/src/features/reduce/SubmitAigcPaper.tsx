import SubmitPage from './SubmitPage.tsx';

/** /papermachinesubmit/aigc: whole-paper 降 AI 痕迹 (spec §2). */
export default function SubmitAigcPaper() {
  return <SubmitPage variant="aigcPaper" />;
}
