import StartRewrite from './Start.tsx';

/** /nlp/machine: 智能降重 submit (spec §2). */
export default function SmartRewrite() {
  return <StartRewrite initialEdition="standard" />;
}
