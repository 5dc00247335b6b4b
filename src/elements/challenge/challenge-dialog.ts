/**
 * The 3-D Secure challenge in a modal dialog (`three-ds="modal"`): a native `<dialog>` opened with
 * `showModal()` in the element's shadow root, the challenge page in an iframe. A lazily loaded chunk
 * of its own (plain DOM, no Lit): the main file pays only for the loader. It decides nothing: it tells
 * the payment flow whether the challenge ended (a checked message) or the customer closed it.
 */
import { ChallengeFinishedMessage } from '../../api/schemas.js';
import type { MessageKey } from '../../i18n/en.js';

/** The localised text of a catalogue key (the element's, with the merchant's `messages`). */
export type Text = (status: { key: MessageKey }) => string;

/** The element, as far as the dialog needs it. */
export interface ChallengeHost extends HTMLElement {
  readonly updateComplete: Promise<unknown>;
  readonly shadowRoot: ShadowRoot | null;
}

const CSS = `dialog.challenge{box-sizing:border-box;width:min(600px,100vw);height:min(700px,100dvh);max-width:100vw;max-height:100dvh;padding:0;border:0;border-radius:8px;display:flex;flex-direction:column;background:#fff;color:#1a1a1a;font:inherit}
dialog.challenge:not([open]){display:none}
dialog.challenge::backdrop{background:rgb(0 0 0/.5)}
.challenge-bar{display:flex;align-items:center;gap:8px;padding:8px 12px;border-block-end:1px solid #767676}
.challenge-bar h2{flex:1;margin:0;font-size:1em}
.challenge-bar button{min-width:44px;min-height:44px;font:inherit;cursor:pointer}
.challenge iframe{flex:1;width:100%;border:0;background:#fff}
@media (max-width:600px),(max-height:500px){dialog.challenge{width:100vw;height:100dvh;border-radius:0}}`;

let sheet: CSSStyleSheet | undefined;

/**
 * Whether a `message` event is the end of this challenge: from the API's origin, from this frame, in
 * the documented shape, about this payment. It carries no outcome: the payment is retrieved after.
 */
export function isChallengeEnd(event: MessageEvent, origin: string, frame: Window | null, paymentId: string): boolean {
  if (event.origin !== origin || frame === null || event.source !== frame) return false;
  const parsed = ChallengeFinishedMessage.safeParse(event.data);
  return parsed.success && parsed.data.payment_id === paymentId;
}

/**
 * Isolated, gives focus back to the card frame, where the form places it once it shows what comes
 * next (inline the form does that itself: the payment flow's `placeFocus`, one place for every outcome).
 */
function returnFocus(host: ChallengeHost): void {
  host.shadowRoot?.querySelector<HTMLIFrameElement>('iframe[part=frame]')?.focus();
}

/**
 * Opens the challenge over the page (focus inside it). Resolves `true` when the challenge page said it
 * ended, `false` when the customer closed the dialog (Escape or the close button), `null` when
 * `signal` aborted (a new payment, the element left the page).
 */
export function openChallenge(host: ChallengeHost, url: string, paymentId: string, apiBase: string, text: Text, signal: AbortSignal): Promise<boolean | null> {
  const root = host.shadowRoot!;
  const apiOrigin = new URL(apiBase).origin;
  const t = (key: MessageKey) => text({ key });
  // a constructed sheet, not a <style> element: a strict merchant CSP (no 'unsafe-inline') allows it
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];

  // the form's language and direction (inline: its wrapper; isolated: the frame element, which the frame's `meta` message labels)
  const base = root.querySelector('.base, iframe[part=frame]');
  const dialog = document.createElement('dialog');
  dialog.className = 'challenge';
  dialog.setAttribute('part', 'challenge');
  dialog.setAttribute('aria-labelledby', 'challenge-title');
  dialog.dir = base?.getAttribute('dir') ?? 'ltr';
  dialog.lang = base?.getAttribute('lang') ?? '';
  const bar = document.createElement('div');
  bar.className = 'challenge-bar';
  const heading = document.createElement('h2');
  heading.id = 'challenge-title';
  heading.textContent = t('status.continueAuthentication');
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'challenge-close';
  close.textContent = t('close');
  const frame = document.createElement('iframe');
  frame.title = heading.textContent;
  frame.src = url;
  bar.append(heading, close);
  dialog.append(bar, frame);

  return new Promise((resolve) => {
    let settled = false;
    const finish = (ended: boolean | null) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onMessage);
      if (dialog.open) dialog.close();
      dialog.remove();
      resolve(ended);
      if (ended !== null) returnFocus(host);
    };
    const onMessage = (event: MessageEvent) => {
      if (isChallengeEnd(event, apiOrigin, frame.contentWindow, paymentId)) finish(true);
    };
    window.addEventListener('message', onMessage);
    close.addEventListener('click', () => finish(false));
    // Escape: the browser cancels and closes the dialog
    dialog.addEventListener('close', () => finish(false));
    signal.addEventListener('abort', () => finish(null));
    root.append(dialog);
    dialog.showModal();
    close.focus();
  });
}
