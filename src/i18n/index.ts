/** Localisation: one catalogue per locale; English is built in (the others come with the localisation work). */
import { en, type MessageKey, type Messages } from './en.js';

export type { MessageKey, Messages };
export { en };

/** Fills `{name}` placeholders. */
export function formatMessage(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** The catalogue for a locale with the host's overrides on top. */
export function catalogue(overrides: Partial<Messages> = {}): Messages {
  return { ...en, ...overrides };
}

/** The locale to use: the attribute's, or for `auto` the page's `lang`, then the browser's first language. */
export function resolveLocale(locale: string | null | undefined): string {
  if (locale && locale !== 'auto') return locale;
  const pageLang = typeof document !== 'undefined' ? document.documentElement.lang : '';
  if (pageLang) return pageLang;
  return typeof navigator !== 'undefined' && navigator.language ? navigator.language : 'en';
}
