import { describe, expect, it } from 'vitest';
import {
  CrossrefSource,
  checkPastedList,
  MemorySource,
  OpenAlexSource,
  parseEntry,
  type RefRecord,
  readCatalogue,
  titleMatch,
  verifyEntry,
} from '../src/index.ts';

const nature: RefRecord = {
  id: 'W1',
  origin: '目录',
  title: 'Deep learning',
  authors: ['Yann LeCun', 'Yoshua Bengio', 'Geoffrey Hinton'],
  year: '2015',
  container: 'Nature',
  volume: '521',
  issue: '7553',
  pages: '436-444',
  doi: '10.1038/nature14539',
};
const library = new MemorySource('比对库', [nature]);

describe('verifyEntry', () => {
  it('已核实 when one record agrees, 信息不符 with the fields that differ, 未能核实 with the sources searched', async () => {
    const ok = await verifyEntry(
      parseEntry('[1] LeCun Y, Bengio Y, Hinton G. Deep learning[J]. Nature, 2015, 521(7553): 436-444.'),
      [library],
    );
    expect(ok).toMatchObject({ status: 'verified', label: '已核实', source: '比对库' });
    const off = await verifyEntry(
      parseEntry('[1] LeCun Y, Bengio Y, Hinton G. Deep learning[J]. Science, 2016, 521(7553): 436-444.'),
      [library],
    );
    expect(off).toMatchObject({
      status: 'mismatch',
      label: '信息不符',
      differences: ['出版年', '刊名/出处'],
    });
    const none = await verifyEntry(
      parseEntry('[1] Smith J. A study that nobody wrote[J]. Nature, 2015, 1(1): 1-2.'),
      [library],
    );
    expect(none).toEqual({ status: 'unverified', label: '未能核实', searched: ['比对库'], unavailable: [] });
  });

  it('a recombined entry (real title, other authors) is never 已核实', async () => {
    const fake = await verifyEntry(
      parseEntry('[1] Breiman L, Vapnik V. Deep learning[J]. Nature, 2015, 521(7553): 436-444.'),
      [library],
    );
    expect(fake.status).toBe('mismatch');
  });
});

describe('titleMatch', () => {
  it('a dropped or added subtitle matches the main title; two different subtitles do not; a short main title is not enough', () => {
    const full = '数字治理视角下的城市社区韧性研究：以杭州市为例';
    expect(titleMatch('数字治理视角下的城市社区韧性研究', full)).toBeGreaterThanOrEqual(0.9);
    expect(titleMatch(full, '数字治理视角下的城市社区韧性研究')).toBeGreaterThanOrEqual(0.9);
    expect(
      titleMatch('Deep learning for graphs', 'Deep learning for graphs: a survey'),
    ).toBeGreaterThanOrEqual(0.9);
    expect(titleMatch('数字治理视角下的城市社区韧性研究：以宁波市为例', full)).toBeLessThan(1);
    expect(titleMatch('研究综述', '研究综述：以甲为例')).toBeLessThan(0.9);
    // width, spacing and punctuation never counted
    expect(titleMatch('数字治理视角下的城市社区韧性研究:以杭州市为例', full)).toBe(1);
  });
});

function fakeFetch(answer: (url: URL) => Response | Promise<Response>): typeof fetch {
  return (async (input: string | URL | Request) => answer(new URL(String(input)))) as typeof fetch;
}

describe('online providers', () => {
  const entry = parseEntry(
    '[1] LeCun Y, Bengio Y, Hinton G. Deep learning[J]. Nature, 2015, 521(7553): 436-444.',
  );

  it('OpenAlex: asks with the polite e-mail and key, reads works', async () => {
    let asked: URL | null = null;
    const source = new OpenAlexSource({
      baseUrl: 'http://openalex.test',
      email: 'ops@example.edu',
      apiKey: 'k1',
      fetch: fakeFetch((url) => {
        asked = url;
        return Response.json({
          results: [
            {
              id: 'https://openalex.org/W1',
              display_name: 'Deep learning',
              publication_year: 2015,
              authorships: [{ author: { display_name: 'Yann LeCun' } }],
              primary_location: { source: { display_name: 'Nature' } },
              biblio: { volume: '521', issue: '7553', first_page: '436', last_page: '444' },
            },
          ],
        });
      }),
    });
    expect(await verifyEntry(entry, [source])).toMatchObject({ status: 'verified', source: 'OpenAlex' });
    expect((asked as URL | null)?.searchParams.get('mailto')).toBe('ops@example.edu');
    expect((asked as URL | null)?.searchParams.get('api_key')).toBe('k1');
  });

  it('Crossref: reads items', async () => {
    const source = new CrossrefSource({
      baseUrl: 'http://crossref.test',
      fetch: fakeFetch(() =>
        Response.json({
          message: {
            items: [
              {
                title: ['Deep learning'],
                author: [{ given: 'Yann', family: 'LeCun' }],
                issued: { 'date-parts': [[2015, 5]] },
                'container-title': ['Nature'],
                volume: '521',
                issue: '7553',
                page: '436-444',
                DOI: '10.1038/nature14539',
                type: 'journal-article',
              },
            ],
          },
        }),
      ),
    });
    expect(await verifyEntry(entry, [source])).toMatchObject({ status: 'verified', source: 'Crossref' });
  });

  it('429, garbage and a timeout leave the entry 未能核实 and name the source unavailable', async () => {
    const tooMany = new OpenAlexSource({
      baseUrl: 'http://a.test',
      fetch: fakeFetch(() => new Response('slow down', { status: 429 })),
    });
    const garbage = new CrossrefSource({
      baseUrl: 'http://b.test',
      fetch: fakeFetch(() => new Response('<html>', { status: 200 })),
    });
    const hang = new OpenAlexSource({
      baseUrl: 'http://c.test',
      timeoutMs: 50,
      fetch: ((_u: unknown, init?: RequestInit) =>
        new Promise<Response>((_r, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new Error('timeout'))),
        )) as typeof fetch,
    });
    const v = await verifyEntry(entry, [tooMany, garbage, hang]);
    expect(v).toEqual({
      status: 'unverified',
      label: '未能核实',
      searched: [],
      unavailable: ['OpenAlex', 'Crossref', 'OpenAlex'],
    });
  });
});

describe('catalogue and the pasted-list check', () => {
  it('reads OpenAlex JSON lines, counting lines that are not works', () => {
    const { records, skipped } = readCatalogue(
      `${JSON.stringify({ id: 'W1', title: 'Deep learning', publication_year: 2015, doi: 'https://doi.org/10.1038/nature14539' })}\nnot json\n{}\n`,
      '目录',
    );
    expect(records).toHaveLength(1);
    expect(records[0]?.doi).toBe('10.1038/nature14539');
    expect(skipped).toBe(2);
  });

  it('checks a pasted list end to end, and an empty paste says so in Chinese', async () => {
    const result = await checkPastedList(
      '[1] LeCun Y, Bengio Y, Hinton G. Deep learning[J]. Nature, 2015, 521(7553): 436-444.\n\n[2] 周志华. 机器学习. 北京: 清华大学出版社, 2016.',
      { sources: [library] },
    );
    expect(result.summary).toMatchObject({ total: 2, verified: 1, unverified: 1, withProblems: 1 });
    expect(result.searched).toEqual(['比对库']);
    expect((await checkPastedList('\u0000\n  \n')).message).toMatch(/没有读到参考文献条目/);
  });
});
