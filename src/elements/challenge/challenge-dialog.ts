/**
 * The 3-D Secure challenge in a modal dialog (`three-ds="modal"`): a native `<dialog>` opened with
 * `showModal()` in the element's shadow root, the challenge page in an iframe. A lazily loaded chunk
 * of its own (plain DOM, no Lit): the main file pays only for the loader. It decides nothing: it tells
 * the payment flow whether the challenge ended (a checked message) or the customer closed it.
 */
import { ChallengeFinishedMessage } from '../../api/schemas.js';
import type { MessageKey } from '../../i18n/en.js';
import type { Appearance } from '../../themes/index.js';
import { whenLeft } from './watch.js';

/** The localised text of a catalogue key (the element's, with the merchant's `messages`). */
export type Text = (status: { key: MessageKey }) => string;

/** The element, as far as the dialog needs it. */
export interface ChallengeHost extends HTMLElement {
  readonly updateComplete: Promise<unknown>;
  readonly shadowRoot: ShadowRoot | null;
  /** The preset and appearance: isolated, the host element's, compiled here (inline the form's shadow root has them). */
  readonly theme?: string;
  readonly appearance?: Appearance | null;
}

/** A token as the form's rules read it (host CSS, then the preset and appearance), else the default preset's value. */
const token = (name: string, fallback: string) => `var(--tender-${name},var(--_tender-${name},${fallback}))`;
const BORDER = token('color-border', '#767676');

// the dialog wears the element's look (background, text, border, focus); the bank's page keeps its own white canvas
const CSS = `dialog.challenge{box-sizing:border-box;width:min(600px,100vw);height:min(700px,100dvh);max-width:100vw;max-height:100dvh;padding:0;border:0;border-radius:8px;display:flex;flex-direction:column;font:inherit;font-family:${token('font-family', 'inherit')};background:${token('color-background', '#fff')};color:${token('color-text', '#1a1a1a')};color-scheme:var(--_tender-color-scheme,light)}
dialog.challenge:not([open]){display:none}
dialog.challenge::backdrop{background:rgb(0 0 0/.5)}
.challenge-bar{display:flex;align-items:center;gap:8px;padding:8px 12px;border-block-end:1px solid ${BORDER}}
.challenge-bar h2{flex:1;margin:0;font-size:1em}
.challenge-bar button{min-width:44px;min-height:44px;padding:0 12px;font:inherit;cursor:pointer;color:inherit;background:transparent;border:1px solid ${BORDER};border-radius:${token('button-radius', '6px')}}
.challenge-bar button:focus-visible{outline:max(2px,${token('focus-ring-width', '3px')}) solid ${token('color-focus', '#0b57d0')};outline-offset:2px}
.challenge iframe{flex:1;width:100%;border:0;background:#fff;color-scheme:light}
@media (max-width:600px),(max-height:500px){dialog.challenge{width:100vw;height:100dvh;border-radius:0}}
@media (forced-colors:active){dialog.challenge{border:1px solid CanvasText}}`;

let sheet: CSSStyleSheet | undefined;
/** Isolated: the host's theme and appearance, compiled, in its shadow root (one sheet per element). */
const looks = new WeakMap<ShadowRoot, CSSStyleSheet>();

/**
 * Isolated, the host element's shadow root has none of the form's tokens (the form is in the frame):
 * its `theme` and `appearance` (their preset, colour scheme and variables, nothing else) are compiled
 * into it with the appearance module, the chunk the form uses; host CSS (`--tender-*`) applies as it is.
 */
async function adoptLook(host: ChallengeHost, root: ShadowRoot): Promise<void> {
  const { theme, appearance } = host;
  let look = looks.get(root);
  if (!look) {
    look = new CSSStyleSheet();
    looks.set(root, look);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, look];
  }
  if (!theme && !appearance) return look.replaceSync('');
  const { compileAppearance } = await import('../../themes/index.js');
  const { theme: preset, colorScheme, variables } = appearance ?? {};
  look.replaceSync(compileAppearance({ theme: preset, colorScheme, variables }, theme || null).css);
}

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
  cardFrame(host)?.focus();
}

/** Isolated, the card frame: the element's child (its light DOM), slotted into its shadow root. */
function cardFrame(host: ChallengeHost): HTMLIFrameElement | null {
  return host.querySelector<HTMLIFrameElement>(':scope > iframe[slot=frame]');
}

/**
 * Opens the challenge over the page (focus inside it). Resolves `true` when the challenge page said it
 * ended or `left()` (the payment read every CHALLENGE_POLL_MS) says the payment moved on, `false` when
 * the customer closed the dialog (Escape or the close button), `null` when `signal` aborted (a new
 * payment, the element left the page).
 */
export function openChallenge(host: ChallengeHost, url: string, paymentId: string, apiBase: string, text: Text, signal: AbortSignal, left?: () => Promise<boolean>): Promise<boolean | null> {
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
  const base = root.querySelector('.base') ?? cardFrame(host);
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

  // isolated, the look is compiled before the dialog shows (never a white flash under a dark theme)
  const looked = cardFrame(host) ? adoptLook(host, root).catch(() => undefined) : Promise.resolve();

  // the page's own CSP may not allow the challenge page's origin (a frame-src that names the api-base
  // while the API's links use another host name): say so, instead of an empty dialog
  const challengeOrigin = new URL(url, location.href).origin;
  const watch = new AbortController();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (ended: boolean | null) => {
      if (settled) return;
      settled = true;
      watch.abort();
      window.removeEventListener('message', onMessage);
      document.removeEventListener('securitypolicyviolation', onViolation);
      // aborted with focus inside (the payment moved on without the page's message), focus goes back too
      const focused = dialog.contains(root.activeElement);
      if (dialog.open) dialog.close();
      dialog.remove();
      resolve(ended);
      if (ended !== null || focused) returnFocus(host);
    };
    const onMessage = (event: MessageEvent) => {
      if (isChallengeEnd(event, apiOrigin, frame.contentWindow, paymentId)) finish(true);
    };
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (!/^(frame|child|default)-src/.test(event.effectiveDirective) || !event.blockedURI.startsWith(challengeOrigin)) return;
      const message = `The page's Content-Security-Policy does not allow ${challengeOrigin} (${event.effectiveDirective}): the 3-D Secure page cannot open`;
      host.dispatchEvent(new CustomEvent('tender-error', { detail: { code: 'configuration', message, recoverable: false }, bubbles: true, composed: true }));
      finish(false);
    };
    window.addEventListener('message', onMessage);
    document.addEventListener('securitypolicyviolation', onViolation);
    close.addEventListener('click', () => finish(false));
    // Escape: the browser cancels and closes the dialog
    dialog.addEventListener('close', () => finish(false));
    signal.addEventListener('abort', () => finish(null));
    // the payment read past the challenge ends it too (watch.ts: its page's message may never reach this page)
    if (left) void whenLeft(left, watch.signal).then(() => finish(true));
    void looked.then(() => {
      if (settled) return;
      root.append(dialog);
      dialog.showModal();
      close.focus();
    });
  });
}
