import type zh from '../zh-CN/home.ts';
import type { Twin } from '../types.ts';

export default {
  hero: {
    eyebrow: 'Write and check papers in one place',
    title: 'Submit every paper',
    titleAccent: 'with confidence',
    subtitle:
      'Plagiarism check, AIGC detection, rewriting, AI writing and slide decks in one workspace. CNKI-style report metrics, priced per character, with the price shown before you pay.',
    primary: 'Check now',
    loginFree: 'Scan to sign in: one free check',
    login: 'Sign in to start',
    secondary: 'Browse all services',
    freeBadge: 'Sign in with WeChat · one free professional check every day',
  },
  sample: {
    label: 'Sample report',
    title: 'Thesis similarity report',
    total: 'Total copy ratio',
    noQuote: 'Excluding quotes',
    maxSingle: 'Largest single source',
    overlap: 'Overlapping characters',
    paragraphs: 'Paragraph ratios',
  },
  trust: {
    metrics: {
      title: 'CNKI-style metrics',
      desc: 'Total, quote-excluded and largest single-source copy ratios',
    },
    privacy: { title: 'Papers not stored for matching', desc: 'Delete your records at any time' },
    price: { title: 'Clear prices', desc: 'Priced per 1,000 characters, confirmed before you pay' },
    free: { title: 'One free check a day', desc: 'Professional edition for WeChat sign-ins' },
  },
  services: {
    title: 'All services',
    subtitle: 'From topic and first draft to final version and defence',
    enter: 'Open',
    from: 'from',
    check: {
      name: 'Plagiarism check',
      desc: 'Sentence-by-sentence comparison with the library: total and quote-excluded copy ratios and a highlighted report.',
      points: ['Highlighted paragraphs with sources', 'Short and full comparison reports'],
    },
    aigcCheck: {
      name: 'AIGC detection',
      desc: 'Finds paragraphs that look AI-generated, with an overall score and a risk level per paragraph.',
      points: ['Score per paragraph', 'High-risk paragraphs marked'],
    },
    rewrite: {
      name: 'Rewriting',
      desc: 'Rephrases duplicated paragraphs while keeping their meaning and academic style.',
      points: ['Keeps technical terms', 'Before/after per paragraph'],
    },
    aigcRewrite: {
      name: 'Lower AIGC',
      desc: 'Rewrites paragraphs with strong AI traces so the text reads naturally and like your own.',
      points: ['Targets high-risk paragraphs', 'Before/after per paragraph'],
    },
    writing: {
      name: 'AI writing',
      desc: 'Give a title and requirements: an outline first, then a full draft; course papers and theses.',
      points: ['Outline first, then the full text', 'Export to Word'],
    },
    ppt: {
      name: 'PPT generation',
      desc: 'Slide decks for defences and talks from a topic or your paper, with several templates.',
      points: ['Academic templates', 'Export .pptx'],
    },
    packages: {
      name: 'Packages',
      desc: 'Multi-use packages for checks, rewriting and AI writing, and balance top-ups.',
      enter: 'See packages',
    },
    chat: {
      name: 'AI assistant',
      desc: 'Topics, outlines, polishing, translation and literature-review ideas: ask any time.',
      points: ['Academic prompts', 'Conversation history'],
    },
  },
  steps: {
    title: 'Three steps to a report',
    upload: { title: 'Upload', desc: 'Word, PDF, TXT, or paste the text' },
    pay: { title: 'Confirm the price', desc: 'Characters are counted and the price shown before you pay' },
    report: { title: 'Read the report', desc: 'Paragraph results online, PDF to download' },
  },
  workspace: {
    title: 'My workspace',
    hello: 'Hello, {{name}}',
    balance: 'Balance',
    freeCheck: "Today's free check",
    freeAvailable: 'Available',
    freeUsed: 'Used today',
    freeNotEligible: 'Sign in by QR to get it',
    recharge: 'Top up',
    account: 'Account centre',
    recent: 'Recent records',
    recentEmpty: 'No records yet: pick a service to start',
    guestTitle: 'Sign in to see your checks and writing',
    guestDesc: 'Sign in with WeChat: one free professional check every day.',
    guestDescPaid: 'Sign in to check, detect and rewrite; pay per use or with a package.',
    guestAction: 'Scan to sign in',
  },
  footer: {
    disclaimer: "Results are for reference; your school's designated system is authoritative.",
    rights: 'PaperDesk',
  },
} satisfies Twin<typeof zh>;
