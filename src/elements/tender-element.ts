import { LitElement } from 'lit';

/** The `detail` type of a Tender event. */
export type EventDetail<K extends keyof HTMLElementEventMap> = HTMLElementEventMap[K] extends CustomEvent<infer D> ? D : never;
/** The element's event helper as controllers get it: dispatches on the host, returns false when cancelled. */
export type Emit = <K extends keyof HTMLElementEventMap>(name: K, detail: EventDetail<K>, options?: { cancelable?: boolean }) => boolean;

/** The base of the Lit elements (the card form): a typed event helper. */
export class TenderElement extends LitElement {
  /** Dispatches a typed `CustomEvent` that bubbles and crosses shadow roots. Returns false when cancelled. */
  protected emit<K extends keyof HTMLElementEventMap>(
    name: K,
    detail: EventDetail<K>,
    options: { cancelable?: boolean } = {},
  ): boolean {
    // built outside dispatchEvent(): the manifest lists each element's events from its JSDoc instead
    const event = new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false });
    return this.dispatchEvent(event);
  }
}
