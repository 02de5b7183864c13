import type { Twin } from '../types.ts';
import type zh from '../zh-CN/chat.ts';

/** AI assistant (/gpt). */
export default {
  routeTitle: 'AI Assistant',
  brand: 'AI Research Assistant',
  newChat: 'New chat',
  history: 'History',
  noHistory: 'No conversations yet. Ask your first question.',
  loadMore: 'Load more',
  delete: 'Delete',
  deleteConfirm: 'Delete this conversation?',
  deleteHint: 'The conversation and all its messages will be deleted for good.',
  deleted: 'Conversation deleted',
  backHome: 'Back to home',
  login: 'Sign in',
  signedInAs: 'User ID: {{id}}',
  guest: 'Guest',
  welcome: {
    title: 'How can I help?',
    subtitle: 'Topics, outlines, polishing, translation, literature reviews: ask the AI research assistant.',
  },
  suggestions: {
    topic: {
      title: 'Thesis topics',
      desc: 'Feasible topics and angles for your field',
      prompt:
        'I am an undergraduate in [field]. Suggest 5 thesis topics, each with its significance, feasibility and a possible contribution.',
    },
    outline: {
      title: 'Outline',
      desc: 'A complete chapter and section outline',
      prompt:
        'Draft an undergraduate thesis outline for "[title]" with chapter and section headings and a short note on what each chapter covers.',
    },
    polish: {
      title: 'Academic polish',
      desc: 'Clearer, more concise academic wording',
      prompt:
        'Polish the following paragraph for academic style, keep its meaning, and list the main changes:\n\n[paste paragraph]',
    },
    translate: {
      title: 'Translate',
      desc: 'Abstracts and keywords, Chinese ⇄ English',
      prompt:
        'Translate this Chinese abstract into a standard English academic abstract and give 4–6 keywords:\n\n[paste abstract]',
    },
    review: {
      title: 'Literature review plan',
      desc: 'Map the field, its schools and its gaps',
      prompt:
        'My topic is [topic]. Help me plan a literature review: the dimensions to organise it by, the research directions each part should cover, and how to arrive at the research gap. Do not invent references.',
    },
  },
  input: {
    placeholder: 'Ask a question. Enter to send, Shift + Enter for a new line',
    send: 'Send',
    stop: 'Stop',
    counter: '{{count}} / {{max}} characters',
    tooLong: 'Too long: at most {{max}} characters',
    disclaimer: 'AI answers are for reference only; always verify references and data.',
  },
  message: {
    you: 'You',
    assistant: 'AI assistant',
    copy: 'Copy',
    copied: 'Copied',
    copyCode: 'Copy code',
    regenerate: 'Regenerate',
    thinking: 'Thinking…',
    stopped: 'Stopped',
    partial: 'Incomplete answer',
    failed: 'Answer failed',
  },
  banner: {
    notConfigured: 'No AI model is configured. Please contact the administrator.',
    notConfiguredDesc:
      'The assistant works once an administrator configures a model. Nothing is charged meanwhile.',
    guest: 'Guests have {{remaining}} free messages left today',
    guestDone: "Today's free guest messages are used up",
    guestLogin: 'Sign in to continue',
  },
  errors: {
    payment: 'Not enough balance or assistant quota',
    buy: 'Buy a package',
    network: 'Network error: the answer was interrupted',
  },
  menu: 'Conversations',
} satisfies Twin<typeof zh>;
