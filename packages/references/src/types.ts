/** The bibliographic fields every part of the engine speaks: parsed from a string, read from a record source, formatted. */
export type Standard = '2015' | '2025';

/** GB/T 7714 type codes. PP (预印本) is accepted only under the 2025 edition, which adds preprints and data sets. */
export const TYPE_CODES = [
  'J',
  'M',
  'D',
  'C',
  'N',
  'R',
  'S',
  'P',
  'G',
  'A',
  'Z',
  'CM',
  'DS',
  'DB',
  'CP',
  'EB',
  'PP',
] as const;
export type TypeCode = (typeof TYPE_CODES)[number];
export const TYPE_CODES_2025_ONLY: readonly TypeCode[] = ['PP'];

export interface RefFields {
  authors: string[];
  /** The list ended in 等 / et al. */
  etAl: boolean;
  title: string;
  type: TypeCode | null;
  /** [EB/OL], [J/OL]: the carrier code after the slash. */
  carrier: string | null;
  /** Journal, proceedings, newspaper or host book. */
  container: string;
  edition: string;
  place: string;
  publisher: string;
  year: string;
  volume: string;
  issue: string;
  pages: string;
  /** Date of an online resource's update (…) and the access date […] of [EB/OL]. */
  date: string;
  cited: string;
  doi: string;
  url: string;
}

export type Lang = 'zh' | 'en';

/** A record PaperDesk may cite or verify against: same fields plus where it came from. */
export interface RefRecord extends Partial<RefFields> {
  id: string;
  title: string;
  authors: string[];
  year: string;
  /** Human label of the source: 比对库, 自建库, OpenAlex, Crossref, a catalogue file, an upload. */
  origin: string;
  /** The seed library has no real author names: such a record is cited by title alone. */
  anonymous?: boolean;
  abstract?: string;
}

export function emptyFields(): RefFields {
  return {
    authors: [],
    etAl: false,
    title: '',
    type: null,
    carrier: null,
    container: '',
    edition: '',
    place: '',
    publisher: '',
    year: '',
    volume: '',
    issue: '',
    pages: '',
    date: '',
    cited: '',
    doi: '',
    url: '',
  };
}

export function fieldsOf(record: RefRecord): RefFields {
  const out = emptyFields();
  for (const key of Object.keys(out) as (keyof RefFields)[]) {
    const value = record[key];
    if (value !== undefined) (out as unknown as Record<string, unknown>)[key] = value;
  }
  if (record.anonymous) out.authors = [];
  return out;
}

const HAN = /\p{Script=Han}/u;
export function langOf(text: string): Lang {
  return HAN.test(text) ? 'zh' : 'en';
}
