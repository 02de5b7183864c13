import type { Twin } from '../types.ts';
import type zh from '../zh-CN/references.ts';

/** Reference check (`references:` namespace), English twin of zh-CN/references.ts. */
export default {
  route: { check: 'Reference check' },
  chapter: {
    title: 'Reference check',
    standard: 'GB/T 7714-{{year}}',
    summary:
      '{{total}} entries: {{verified}} verified, {{mismatch}} mismatched, {{unverified}} not verified; {{problems}} with format problems',
    searched:
      'Searched: {{sources}}. "Not verified" only means not found there; it does not mean the work does not exist.',
    noSources: 'no source available',
    unavailable: 'unreachable: {{sources}}',
    missingEntries: 'Cited numbers with no entry: {{list}}',
    uncited: 'Entries never cited: {{list}}',
    outOfOrder: 'First cited out of order: {{list}}',
    unmatched: 'Citations with no entry: {{list}}',
    col: { no: 'No.', entry: 'Entry', problems: 'Format problems', verdict: 'Verification' },
    corrected: 'Corrected: ',
    none: 'none',
    status: { verified: 'Verified', mismatch: 'Mismatch', unverified: 'Not verified' },
    differs: 'differs: {{fields}}',
    fields: {
      toggle: 'Parsed fields',
      authors: 'Authors',
      title: 'Title',
      type: 'Type',
      container: 'Journal / source',
      publisher: 'Publisher',
      year: 'Year',
      volume: 'Volume',
      issue: 'Issue',
      pages: 'Pages',
      doi: 'DOI',
      url: 'URL',
      etAl: '(et al.)',
    },
    entrySearched: 'Searched: {{sources}}',
    entryUnavailable: 'Unreachable: {{sources}}',
  },
  page: {
    title: 'Reference check',
    subtitle:
      "Paste or upload a reference list: each entry's parsed fields, GB/T 7714 format problems with the corrected entry, and verification against the library, your own library and other sources.",
    free: 'Free',
    freeNote:
      'The reference check is free: nothing is charged or counted. Results are not saved; keep a copy before leaving.',
    chip: { format: 'GB/T 7714 format', verify: 'Entry-by-entry verification', cite: 'Citation consistency' },
    standard: 'Standard',
    standardDesc: {
      '2015': 'Current standard, default',
      '2025': 'In force from 2026-07-01',
    },
    paste: 'Paste a list',
    upload: 'Upload a file',
    pastePlaceholder:
      'One entry per line, e.g.\n[1] Wang Wu. Some problems of urban governance research[J]. Management World, 2020, 36(4): 1-12.\nBibTeX or RIS exports can be pasted too.',
    dragHint: 'Click or drop a file: a .docx/.pdf/.txt paper or list, or a .bib/.ris/.enw/.xml export',
    paperHint: 'For a whole paper, in-text citations are checked against the list too.',
    chosen: 'Chosen: {{name}}',
    remove: 'Remove',
    submit: 'Check references',
    empty: 'Paste a reference list or choose a file first',
    loginFirst: 'Please sign in to check references',
    loginToCheck: 'Sign in to check',
    verdicts:
      'Verified: a record of the same work was found. Mismatch: a record with the same title differs in year, source, authors, volume or pages. Not verified: not found in the sources searched, which does not mean the work does not exist.',
    result: 'Result',
  },
} satisfies Twin<typeof zh>;
