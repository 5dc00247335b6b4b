/**
 * What the card form shows beside its fields besides text: the brand marks (the detected network in
 * the number field, and with `show-brands` the merchant's accepted networks), the CVC illustration
 * (the back of a card, or the front for American Express), and the network choice of a co-badged
 * card (EU Interchange Fee Regulation, art. 8). A lazily loaded chunk of its own, asked for when the
 * form first renders; it takes the element's `html` tag, so it brings no second copy of Lit, and
 * adopts its stylesheet after the element's own (a constructed sheet: a strict CSP allows it).
 *
 * Card data stays in the form: the number is read from the form's own input, in this shadow root,
 * only to know its BIN; nothing here is sent anywhere but the chosen network, with the confirm.
 */
import type { html as litHtml, ReactiveController, ReactiveControllerHost, TemplateResult } from 'lit';
import type { PaymentMethodListResponse } from '../../api/schemas.js';
import type { CardBrand } from '../../card/brands.js';
import { CARD_NETWORK_IDS, coBadgedNetworks, networkApiName, networkName, networkOfApiName, type CardNetwork } from '../../card/networks.js';
import type { MessageKey } from '../../i18n/index.js';
import { methodList, type MethodListHost } from './method-list.js';
import { brandMarks } from './brand-marks.js';
import { adoptStyles } from './adopt-styles.js';

export interface CardExtrasHost extends ReactiveControllerHost, MethodListHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** Show the merchant's accepted networks before the number (`show-brands`). */
  showBrands: boolean;
  /** The network a co-badged card goes on unless the customer picks the other (`preferred-network`). */
  preferredNetwork: string;
  publishableKey: string;
  clientSecret: string;
  apiBase: string;
  requestTimeout: number;
  /** A preview state is shown: no network. */
  preview: string;
  /** A text of the element's catalogue, in its language, with the merchant's `messages`. */
  text(key: MessageKey): string;
}

/** The networks a preview shows as accepted (it never asks the API). */
const PREVIEW_NETWORKS: readonly CardNetwork[] = ['visa', 'mastercard', 'amex', 'discover', 'cartes_bancaires'];


const token = (name: string) => `var(--tender-${name},var(--_tender-${name}))`;

/**
 * The option labels and radios of the network choice sit in the number's field, where the label
 * styles of the layouts (floating, hidden: src/themes/layout-styles.ts) and the inputs' own rules
 * would reach them: their rules carry an id-level `:not(#n)` to stay themselves.
 */
const CSS = `.mark{display:block;width:2.5em;height:1.625em;forced-color-adjust:none}
.brands ul{display:flex;gap:4px;margin:0;padding:0;list-style:none}
.brands li{flex:0 1 2.5em;min-width:0}
.brands .mark{width:100%;height:auto}
.cvc-art{display:block;width:100%;height:100%}
.cvc-art .spot{fill:none;stroke:${token('color-primary')};stroke-width:2}
.networks{display:grid;gap:${token('label-gap')};min-width:0;margin:.25em 0 0;padding:0;border:0}
.networks legend{padding:0;color:${token('color-label')};font-size:${token('font-size-label')};font-weight:${token('font-weight-label')}}
.networks .options{display:flex;flex-wrap:wrap;gap:8px}
.networks label.option:not(#n){position:relative;inset:auto;z-index:auto;display:inline-flex;align-items:center;gap:.5em;width:auto;height:auto;min-height:max(24px,${token('input-min-height')});padding:0 .75em;overflow:visible;clip-path:none;white-space:normal;pointer-events:auto;transform:none;transition:none;font-size:${token('font-size-label')};color:${token('color-input-text')};background:${token('color-input-background')};border:${token('border-width')} solid ${token('color-border')};border-radius:${token('border-radius')};cursor:pointer}
.networks label.option:has(:checked):not(#n){border-color:${token('color-primary')};box-shadow:inset 0 0 0 1px ${token('color-primary')}}
.networks input:not(#n){all:revert;margin:0;width:1.15em;height:1.15em;accent-color:${token('color-primary')}}
.networks input:focus-visible:not(#n){outline:max(2px,${token('focus-ring-width')}) solid ${token('color-focus')};outline-offset:2px}
.networks .mark{width:2.25em;height:1.46em}
@media (forced-colors:active){.mark{outline:1px solid CanvasText}.cvc-art .spot{stroke:Highlight}.networks label.option:has(:checked):not(#n){border:3px solid Highlight}}`;


/** The card networks of a payment-method list (its card entries), in the card module's order. */
export function acceptedNetworks(list: PaymentMethodListResponse): CardNetwork[] {
  const names = new Set(
    list.payment_methods
      .filter((method) => method.payment_method === 'card')
      .flatMap((method) => method.payment_method_types.flatMap((type) => (type.card_networks ?? []).map((entry) => entry.card_network))),
  );
  return CARD_NETWORK_IDS.filter((network) => names.has(networkApiName(network)));
}

/** A `preferred-network` value: the API's `card_network` name (`CartesBancaires`) or the card module's (`cartes_bancaires`). */
export function preferredNetwork(value: string): CardNetwork | null {
  return networkOfApiName(value) ?? (CARD_NETWORK_IDS as readonly string[]).find((network) => network === value) as CardNetwork | undefined ?? null;
}

/**
 * The marks, the CVC illustration and the network choice. `networks` and `chosen` follow the number
 * in the form's input (read before each render); the merchant's networks come from the payment-method
 * list, asked for once per payment when `show-brands` is set or a co-badged BIN is typed.
 */
export class CardExtras implements ReactiveController {
  /** The networks the number typed can go on: two when its BIN is co-badged and the merchant takes both, else none. */
  networks: CardNetwork[] = [];
  /** The network the payment goes on, of `networks` (null: no choice, the card's brand). */
  chosen: CardNetwork | null = null;
  /** The merchant's networks (null until the list is known). */
  private accepted: readonly CardNetwork[] | null = null;
  /** The payment the list was asked for, and whether the asking failed. */
  private askedFor = '';
  private failed = false;
  /** The network the customer picked (kept while the same networks are offered). */
  private picked: CardNetwork | null = null;

  /** `html`: the element's template tag. */
  constructor(
    private readonly host: CardExtrasHost,
    private readonly html: typeof litHtml,
  ) {
    host.addController(this);
    host.requestUpdate();
  }

  hostConnected(): void {
    adoptStyles(this.host.renderRoot, CSS);
  }

  /** Before each render: the networks of the number as it is now, and the choice among them. */
  hostUpdate(): void {
    const { host } = this;
    const digits = (host.renderRoot.querySelector<HTMLInputElement>('#number')?.value ?? '').replace(/\D/g, '');
    const badged = coBadgedNetworks(digits);
    if (host.showBrands || badged.length > 1) this.ask();
    // until the merchant's networks are known no choice shows (it might be one the merchant does not take);
    // if they cannot be known, the customer may choose between the card's own
    const known = this.accepted ?? (this.failed ? badged : []);
    const taken = badged.filter((network) => known.includes(network));
    const networks = taken.length > 1 ? taken : [];
    if (networks.join() !== this.networks.join()) {
      if (networks.length && !this.networks.length) this.announce(host.text('network'));
      this.networks = networks;
      this.picked = null;
    }
    const preferred = preferredNetwork(host.preferredNetwork ?? '');
    this.chosen = networks.length ? (this.picked ?? (preferred && networks.includes(preferred) ? preferred : networks[0]!)) : null;
  }

  /** Says a text through the element's one live region (the same text twice in a row is cleared first, so it is heard again). */
  private announce(text: string): void {
    const region = this.host.renderRoot.querySelector('#announcer');
    if (!region) return;
    if (region.textContent !== text) region.textContent = text;
    else {
      region.textContent = '';
      setTimeout(() => (region.textContent = text), 150);
    }
  }

  /** Asks for the payment-method list once per payment (a preview asks nothing). */
  private ask(): void {
    const { host } = this;
    if (host.preview) {
      this.accepted = PREVIEW_NETWORKS;
      return;
    }
    const { publishableKey, clientSecret, apiBase } = host;
    const asked = `${publishableKey}|${clientSecret}|${apiBase}`;
    if (asked === this.askedFor) return;
    const list = methodList(host);
    if (!list) return;
    this.askedFor = asked;
    this.accepted = null;
    this.failed = false;
    list.then(
      (answer) => {
        if (this.askedFor !== asked) return;
        if (answer.ok) this.accepted = acceptedNetworks(answer.paymentMethods);
        else this.failed = true;
        host.requestUpdate();
      },
      () => {
        // the client's chunk did not load: the next update asks again
        if (this.askedFor === asked) this.askedFor = '';
      },
    );
  }

  private readonly handleChange = (event: Event): void => {
    this.picked = (event.target as HTMLInputElement).value as CardNetwork;
    this.host.requestUpdate();
  };

  /** The network mark of the number field: the chosen network of a co-badged card, else the brand. */
  badge(brand: CardBrand): { name: string; mark: TemplateResult } {
    const network = this.chosen ?? brand;
    return { name: networkName(network), mark: brandMarks(this.html)[network] };
  }

  /** The accepted networks' marks, a list named "Accepted cards" (nothing until the list is known). */
  acceptedList(): TemplateResult | string {
    const { html } = this;
    const marks = brandMarks(html);
    if (!this.accepted?.length) return '';
    return html`<ul aria-label=${this.host.text('acceptedBrands')}>${this.accepted.map(
      (network) => html`<li><span role="img" aria-label=${networkName(network)}>${marks[network]}</span></li>`,
    )}</ul>`;
  }

  /** Where the security code is: the back of a card, or the front (`front`, American Express). */
  cvcArt(front: boolean): TemplateResult {
    const { html } = this;
    return front
      ? html`<svg class="cvc-art" viewBox="0 0 40 26" aria-hidden="true" focusable="false"><rect x="1" y="1" width="38" height="24" rx="3" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M5 18h5m2 0h6m2 0h5m2 0h4" stroke="currentColor" stroke-width="2"/><rect class="spot" x="26" y="5" width="10" height="7" rx="1.5"/></svg>`
      : html`<svg class="cvc-art" viewBox="0 0 40 26" aria-hidden="true" focusable="false"><rect x="1" y="1" width="38" height="24" rx="3" fill="none" stroke="currentColor" stroke-width="1.5"/><rect x="1" y="5" width="38" height="5" fill="currentColor"/><rect x="5" y="14" width="19" height="5" fill="none" stroke="currentColor"/><rect class="spot" x="27" y="13" width="9" height="7" rx="1.5"/></svg>`;
  }

  /** The network choice of a co-badged card: a radio group with both marks (nothing for a card of one network). */
  networkChoice(): TemplateResult | string {
    if (!this.networks.length) return '';
    const { html } = this;
    const marks = brandMarks(html);
    return html`<fieldset class="networks" part="network"><legend>${this.host.text('network')}</legend><div class="options">${this.networks.map(
      (network) =>
        html`<label class="option"><input type="radio" name="network" .value=${network} .checked=${network === this.chosen} @change=${this.handleChange} />${marks[network]}<span>${networkName(network)}</span></label>`,
    )}</div></fieldset>`;
  }
}
