import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Noto Sans SC (SIL OFL 1.1) from the npm package `@expo-google-fonts/noto-sans-sc`, so a fresh
 * `npm install` has the font and no system font is needed. pdfkit embeds only the glyphs used.
 */
export const FONT_FILES = {
  regular: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
} as const;

let cache: { regular: Buffer; bold: Buffer } | null = null;

/** The two font files, read once per process (about 10 MB each). */
export function fontBuffers(): { regular: Buffer; bold: Buffer } {
  cache ??= { regular: fs.readFileSync(FONT_FILES.regular), bold: fs.readFileSync(FONT_FILES.bold) };
  return cache;
}
