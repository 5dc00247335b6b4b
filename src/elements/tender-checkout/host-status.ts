/**
 * What `<tender-checkout>` shows when a problem is its own (no frame, no form to say it): a line in
 * its shadow root, English at once, then in the customer's language from the form chunk's catalogues
 * (the host carries none) once they load.
 */
import type { TenderErrorCode } from '../../events.js';
import type { Messages } from '../../i18n/en.js';
import { loadForm } from './inline-form.js';

/** What the host shows when neither the frame nor the catalogues load (src/i18n/en.ts says the same). */
export const FALLBACK_TEXT = {
  'error.configuration': 'This payment form is not set up correctly.',
  'error.network': 'We could not reach the payment service. Check your connection and try again.',
} as const;

const statusKey = (code: TenderErrorCode) => (code === 'configuration' ? 'error.configuration' : 'error.network');

/** Shows the customer's text for `code` in `root`, in English (replacing the line shown). */
export function showHostStatus(root: ShadowRoot, code: TenderErrorCode): HTMLElement {
  const status = document.createElement('p');
  status.setAttribute('part', 'frame-status');
  status.setAttribute('role', 'alert');
  status.lang = 'en';
  status.textContent = FALLBACK_TEXT[statusKey(code)];
  root.querySelector('[part=frame-status]')?.remove();
  root.append(status);
  return status;
}

/** Puts the line `showHostStatus()` showed in `locale`, once the form chunk's catalogues load (English if they cannot). */
export function localiseHostStatus(status: HTMLElement, code: TenderErrorCode, locale: string, messages: Partial<Messages>): void {
  void loadForm()
    .then((module) => module.catalogueText(locale, statusKey(code), messages))
    .then(({ text, lang, dir }) => {
      status.textContent = text;
      status.lang = lang;
      status.dir = dir;
    })
    .catch(() => undefined); // the English text stays
}
