/** Colours are 6-digit hex without '#', as PowerPoint stores them. */
export interface DeckPalette {
  /** slide background of content slides */
  background: string;
  /** cards, table stripes */
  surface: string;
  /** title slide / section background, headings */
  primary: string;
  secondary: string;
  /** small highlights: bars, numbers, lines */
  accent: string;
  text: string;
  muted: string;
  /** text on primary */
  onPrimary: string;
}

/** How a template decorates its slides; each is drawn by deck/decor.ts. */
export type DeckStyle = 'band' | 'panel' | 'bubbles' | 'circuit' | 'frame' | 'minimal';

export interface DeckTemplate {
  id: string;
  name: string;
  description: string;
  colors: DeckPalette;
  fonts: { heading: string; body: string };
  style: DeckStyle;
}

const YAHEI = 'Microsoft YaHei';

export const DECK_TEMPLATES: readonly DeckTemplate[] = [
  {
    id: 'academic-blue',
    name: '学术蓝',
    description: '深蓝标题带与细线，适合开题答辩、毕业答辩和学术汇报',
    colors: {
      background: 'FFFFFF',
      surface: 'EEF3FA',
      primary: '1F3A68',
      secondary: '2F5D9E',
      accent: '4A90D9',
      text: '1F2937',
      muted: '6B7280',
      onPrimary: 'FFFFFF',
    },
    fonts: { heading: YAHEI, body: YAHEI },
    style: 'band',
  },
  {
    id: 'business-gray',
    name: '商务灰',
    description: '炭灰与橙色点缀，稳重干练，适合工作汇报与项目路演',
    colors: {
      background: 'F5F6F8',
      surface: 'FFFFFF',
      primary: '2F343B',
      secondary: '4B525C',
      accent: 'F08A24',
      text: '2F343B',
      muted: '7A828C',
      onPrimary: 'FFFFFF',
    },
    fonts: { heading: YAHEI, body: YAHEI },
    style: 'panel',
  },
  {
    id: 'fresh-green',
    name: '清新绿',
    description: '薄荷绿与圆形点缀，明快亲和，适合课程展示与读书分享',
    colors: {
      background: 'FFFFFF',
      surface: 'EAF6EF',
      primary: '2E8B57',
      secondary: '6CC08B',
      accent: 'A8DDB5',
      text: '1F3B2D',
      muted: '5F7A6B',
      onPrimary: 'FFFFFF',
    },
    fonts: { heading: YAHEI, body: YAHEI },
    style: 'bubbles',
  },
  {
    id: 'tech-purple',
    name: '科技紫',
    description: '深色背景配霓虹紫与青色线条，适合技术分享与产品发布',
    colors: {
      background: '15122E',
      surface: '221D47',
      primary: '0E0B22',
      secondary: '8B5CF6',
      accent: '22D3EE',
      text: 'E5E7EB',
      muted: 'A5A3C9',
      onPrimary: 'FFFFFF',
    },
    fonts: { heading: YAHEI, body: YAHEI },
    style: 'circuit',
  },
  {
    id: 'china-red',
    name: '中国红',
    description: '中国红与金色边框，庄重大气，适合党建汇报、年终总结与传统文化主题',
    colors: {
      background: 'FFF8F0',
      surface: 'FBEDE1',
      primary: 'A4161A',
      secondary: 'C8102E',
      accent: 'D4A017',
      text: '3B1F1F',
      muted: '8A6D5A',
      onPrimary: 'FFF8E7',
    },
    fonts: { heading: 'SimHei', body: YAHEI },
    style: 'frame',
  },
  {
    id: 'minimal-white',
    name: '简约白',
    description: '大量留白、黑色大字与一抹强调色，适合演讲与观点分享',
    colors: {
      background: 'FFFFFF',
      surface: 'F4F4F5',
      primary: 'FFFFFF',
      secondary: '18181B',
      accent: 'E11D48',
      text: '18181B',
      muted: '71717A',
      onPrimary: '18181B',
    },
    fonts: { heading: YAHEI, body: YAHEI },
    style: 'minimal',
  },
];
