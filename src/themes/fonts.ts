/**
 * The browser side of a compiled appearance: its problems as `tender-error` details, and its web fonts,
 * each added to the document once (the FontFace API: no stylesheet needed). In the appearance chunk,
 * which a page with an appearance has loaded anyway.
 */
import type { TenderErrorDetail } from '../events.js';
import type { CompiledAppearance, FontSpec } from './appearance.js';

const fontLoads = new Map<string, Promise<void>>();

function loadFont(font: FontSpec): Promise<void> {
  const src = new URL(font.src, document.baseURI).href;
  const key = `${font.family}|${src}|${font.weight ?? ''}|${font.style ?? ''}`;
  let loading = fontLoads.get(key);
  if (!loading) {
    const descriptors: FontFaceDescriptors = {};
    if (font.weight) descriptors.weight = font.weight;
    if (font.style) descriptors.style = font.style;
    if (font.display) descriptors.display = font.display as FontDisplay;
    const face = new FontFace(font.family, `url("${src}")`, descriptors);
    document.fonts.add(face);
    loading = face.load().then(() => undefined);
    loading.catch(() => fontLoads.delete(key));
    fontLoads.set(key, loading);
  }
  return loading;
}

/**
 * Reports each rejected key (`invalid_appearance`) and loads the fonts where the document has a font
 * set, reporting each one that could not be loaded (`font_load_failed`, recoverable: the fallback shows).
 */
export function settleAppearance(compiled: CompiledAppearance, report: (detail: TenderErrorDetail) => void): void {
  for (const { key, message } of compiled.issues) report({ code: 'invalid_appearance', message: `${key}: ${message}`, recoverable: false, key });
  if (typeof document === 'undefined' || !document.fonts) return;
  compiled.fonts.forEach((font, index) => {
    const key = `appearance.fonts[${index}]`;
    loadFont(font).catch(() => report({ code: 'font_load_failed', message: `${key}: the font ${font.family} could not be loaded from ${font.src}`, recoverable: true, key }));
  });
}
