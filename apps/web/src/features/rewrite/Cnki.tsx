import StartRewrite from './Start.tsx';

/** /cnki/cnki: the database-oriented 知网专版 rewrite page (spec §2). */
export default function CnkiRewrite() {
  return <StartRewrite initialEdition="cnki" />;
}
