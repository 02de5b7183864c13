import {
  docxDeepNesting,
  docxLyingSizes,
  docxManyParagraphs,
  docxZipBomb,
  pdfFlateBomb,
} from '@paperdesk/textkit/fuzz/bombs';

/**
 * The bomb storm of issue 10, shared by the hardening test (crash.test.ts, which asserts each answer) and
 * bench:api's storm phase (tests/bench/api-loop.ts, which measures the server under it): one list of bombs and
 * routes and one order of sending, so the bench measures what the test proves.
 */

/** Every route that reads an uploaded document (library upload is for administrators). */
export const UPLOAD_ROUTES = [
  '/api/base/check_api/word_count',
  '/api/base/check_api/check_init',
  '/api/base/paper_aigc_api/word_count',
  '/api/base/paper_aigc_api/machine_init',
  '/api/base/machine_api/word_count',
  '/api/base/machine_api/machine_init',
  '/api/base/machine_api/machine_cnki_init',
  '/api/base/ai_ppt_info_api/read_source',
  '/api/base/library_api/upload',
];
/** The routes a signed-in attacker sends bombs to as well (they read the file once past the sign-in check). */
export const SIGNED_IN_ROUTES = ['/api/base/check_api/check_init', '/api/base/ai_ppt_info_api/read_source'];
/** The routes an anonymous client has a document read on. */
export const ANONYMOUS_PARSE_ROUTES = UPLOAD_ROUTES.filter((r) => r.endsWith('/word_count'));

/** A hostile upload with the status it must get once read (413 over a textkit cap, 422 unreadable). */
export interface Bomb {
  name: string;
  filename: string;
  data: Buffer | Uint8Array;
  status: 413 | 422;
}

export async function makeBombs(): Promise<Bomb[]> {
  return [
    {
      name: 'zip bomb (200 MB document.xml)',
      filename: 'paper.docx',
      data: await docxZipBomb(),
      status: 413,
    },
    { name: 'zip bomb claiming 4 KB', filename: 'lying.docx', data: await docxLyingSizes(), status: 413 },
    {
      name: 'PDF stream inflating to 400 MB',
      filename: 'paper.pdf',
      data: await pdfFlateBomb(),
      status: 413,
    },
    {
      name: '150,000 paragraphs',
      filename: 'paragraphs.docx',
      data: await docxManyParagraphs(),
      status: 413,
    },
    { name: 'nested 20,000 deep', filename: 'nested.docx', data: await docxDeepNesting(), status: 422 },
  ];
}

/** The multipart body a bomb is sent in (the init routes want a title beside the file). */
export function bombForm(bomb: Bomb, route: string): FormData {
  const form = new FormData();
  if (route.includes('check_init') || route.includes('machine_')) form.append('title', '论文');
  form.append('file', new Blob([new Uint8Array(bomb.data)]), bomb.filename);
  return form;
}

export type StormPhase = 'burst' | 'read';

/**
 * One storm: a burst of every bomb to every upload route at once, anonymously, and to the signed-in routes as
 * `attacker`; then each bomb read for real by one anonymous and one signed-in client, one upload at a time each.
 */
export async function storm(
  bombs: Bomb[],
  attacker: string,
  send: (bomb: Bomb, route: string, token: string | undefined, phase: StormPhase) => Promise<void>,
): Promise<void> {
  await Promise.all([
    ...bombs.flatMap((bomb) => UPLOAD_ROUTES.map((route) => send(bomb, route, undefined, 'burst'))),
    ...bombs.flatMap((bomb) => SIGNED_IN_ROUTES.map((route) => send(bomb, route, attacker, 'burst'))),
  ]);
  const reader = async (routes: string[], token: string | undefined) => {
    for (const [i, bomb] of bombs.entries()) await send(bomb, routes[i % routes.length]!, token, 'read');
  };
  await Promise.all([reader(ANONYMOUS_PARSE_ROUTES, undefined), reader(SIGNED_IN_ROUTES, attacker)]);
}
