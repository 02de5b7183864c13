import type { DeckPalette, DeckTemplate } from './templates.ts';
import { DECK_TEMPLATES } from './templates.ts';
import { layoutDeck } from './layout.ts';
import { type Deck, DeckError } from './model.ts';
import { writePptx } from './pptx.ts';
import type { SlidePlan } from './elements.ts';
import { slideSvg } from './svg.ts';

export type { Bullet, Deck, DeckErrorCode, Slide } from './model.ts';
export { DeckError } from './model.ts';
export type { DeckPalette } from './templates.ts';
export type {
  Box,
  ShapeElement,
  SlideElement,
  SlidePlan,
  TableElement,
  TextElement,
  TextParagraph,
} from './elements.ts';

export interface DeckTemplateInfo {
  id: string;
  name: string;
  description: string;
  colors: DeckPalette;
  /** SVG of a sample title slide in this template */
  preview: string;
}

const PREVIEW_DECK: Deck = {
  title: '基于深度学习的图像识别研究',
  subtitle: '毕业论文答辩',
  author: '答辩人：李明　指导教师：王芳',
  date: '2026年5月',
  slides: [{ kind: 'title' }],
};

function template(id: string): DeckTemplate {
  const t = DECK_TEMPLATES.find((x) => x.id === id);
  if (!t)
    throw new DeckError(
      'unknown_template',
      `unknown deck template "${id}"; known: ${DECK_TEMPLATES.map((x) => x.id).join(', ')}`,
    );
  return t;
}

let previews: DeckTemplateInfo[] | undefined;

/** The templates a user can pick, each with a title-slide preview drawn from the same layout as the deck. */
export function listDeckTemplates(): DeckTemplateInfo[] {
  previews ??= DECK_TEMPLATES.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    colors: { ...t.colors },
    preview: slideSvg(layoutDeck(PREVIEW_DECK, t)[0]!),
  }));
  return previews.map((p) => ({ ...p, colors: { ...p.colors } }));
}

/** A .pptx (16:9) of the deck in a template; text is fitted and long content split over extra slides. */
export async function renderDeck(deck: Deck, templateId: string): Promise<Buffer> {
  const t = template(templateId);
  const plans = layoutDeck(deck, t);
  return writePptx(plans, {
    title: (deck.title ?? '').trim() || '未命名演示',
    author: deck.author,
  });
}

/** The laid-out slides (positions in inches), for callers that want to inspect or preview a deck. */
export function layoutDeckSlides(deck: Deck, templateId: string): SlidePlan[] {
  return layoutDeck(deck, template(templateId));
}
