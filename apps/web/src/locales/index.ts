import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { zhCN } from './zh-CN/index.ts';

/**
 * Message catalogues, one file per area and language: zh-CN (default, bundled) in ./zh-CN/index.ts and
 * the en-US twins in ./en-US/index.ts, loaded when English is chosen. A product area adds its
 * `<area>.ts` pair and one line in each of those two files; keys are then `<area>:<key>`.
 */
export type Language = 'zh-CN' | 'en-US';
export const LANGUAGES: readonly { value: Language; label: string }[] = [
  { value: 'zh-CN', label: '简体中文' },
  { value: 'en-US', label: 'English' },
];
export const LANGUAGE_KEY = 'language';
export const NAMESPACES = Object.keys(zhCN);

function storedLanguage(): Language {
  try {
    const v = globalThis.localStorage?.getItem(LANGUAGE_KEY);
    return v === 'en-US' ? 'en-US' : 'zh-CN';
  } catch {
    return 'zh-CN';
  }
}

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': zhCN },
  lng: 'zh-CN',
  fallbackLng: 'zh-CN',
  defaultNS: 'common',
  ns: NAMESPACES,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

function syncHtmlLang(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/**
 * Adds an area's whole zh-CN catalogue (./zh-CN/on-demand.ts): called where its pages' modules load, before they
 * render. The bundled part (its route titles) stays; the en-US twins come with loadEnglish.
 */
export function addCatalogue(ns: string, bundle: object): void {
  i18n.addResourceBundle('zh-CN', ns, bundle, true, true);
}

let englishLoaded: Promise<void> | null = null;
/** Adds the en-US catalogues (once). */
export function loadEnglish(): Promise<void> {
  englishLoaded ??= import('./en-US/index.ts').then(({ enUS }) => {
    for (const [ns, bundle] of Object.entries(enUS)) i18n.addResourceBundle('en-US', ns, bundle, true, true);
  });
  return englishLoaded;
}

/** Switches the language, loading its catalogues first; remembered in localStorage. */
export async function changeLanguage(lng: Language): Promise<void> {
  if (lng === 'en-US') await loadEnglish();
  await i18n.changeLanguage(lng);
  syncHtmlLang(lng);
  try {
    localStorage.setItem(LANGUAGE_KEY, lng);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/** Restores the stored language before the first render. */
export function restoreLanguage(): Promise<void> {
  const lng = storedLanguage();
  syncHtmlLang(lng);
  return lng === 'zh-CN' ? Promise.resolve() : changeLanguage(lng);
}

export function currentLanguage(): Language {
  return i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
}

export default i18n;
