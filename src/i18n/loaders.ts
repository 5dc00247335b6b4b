/** One lazily loaded module per locale (`src/i18n/locales/<tag>.ts`); `en` is built in. A test checks this list against the folder. */
import type { Messages } from './en.js';

type Loader = () => Promise<{ default: Messages }>;

export const LOCALE_LOADERS: Record<string, Loader> = {
  de: () => import('./locales/de.js'),
  'es-419': () => import('./locales/es-419.js'),
  es: () => import('./locales/es.js'),
  'fr-CA': () => import('./locales/fr-CA.js'),
  fr: () => import('./locales/fr.js'),
  hr: () => import('./locales/hr.js'),
  hu: () => import('./locales/hu.js'),
  it: () => import('./locales/it.js'),
};
