/**
 * What the status area shows after a success: a check mark, the status line, the amount and the
 * payment id as the customer's reference. A lazily loaded chunk of its own (a success is never the
 * first paint): it holds the template and its stylesheet and takes the element's `html` tag, so it
 * brings no second copy of Lit. Nothing in it is live: the element's one live region says the success.
 */
import type { html as litHtml, TemplateResult } from 'lit';
import { adoptStyles } from './adopt-styles.js';

const token = (name: string) => `var(--tender-${name},var(--_tender-${name}))`;

// the reference is a 30-character id with no break opportunity: it may break anywhere rather than run out at 320 px
const CSS = `.confirmation{display:grid;justify-items:center;gap:calc(${token('spacing-unit')}/2);text-align:center;padding-block:${token('spacing-unit')}}
.confirmation svg{width:3em;height:3em;color:${token('color-success')}}
.confirmation p{margin:0;max-width:100%}
.confirmation .amount{font-size:1.5em;font-weight:${token('font-weight-button')}}
.confirmation .reference{font-size:${token('font-size-small')};color:${token('color-text-secondary')};overflow-wrap:anywhere}
@media (forced-colors:active){.confirmation svg{color:CanvasText}}`;


/**
 * The confirmation, its stylesheet adopted into `root` after the element's own (a constructed sheet: a
 * strict CSP allows it). `line` is the element's status line ("Payment successful."); `amount` and
 * `reference` are its texts.
 */
export function confirmation(html: typeof litHtml, root: HTMLElement | DocumentFragment, line: unknown, amount: string, reference: string): TemplateResult {
  adoptStyles(root, CSS);
  return html`<div class="confirmation"><svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="12" cy="12" r="10.5"/><path d="m7 12.5 3.2 3.2L17 9"/></svg>${line}<p class="amount">${amount}</p><p class="reference">${reference}</p></div>`;
}
