/**
 * The element's attribute-backed properties: name → [attribute, kind (s string, b boolean, n number), default]
 * (tender-checkout.ts reflects them; the card form declares its own reactive properties from them, card-form.ts).
 */
export const PROPS = {
  publishableKey: ['publishable-key', 's', ''],
  clientSecret: ['client-secret', 's', ''],
  apiBase: ['api-base', 's', ''],
  returnUrl: ['return-url', 's', ''],
  locale: ['locale', 's', 'auto'],
  threeDs: ['three-ds', 's', 'modal'],
  theme: ['theme', 's', ''],
  requestTimeout: ['request-timeout', 'n', 0],
  hideButton: ['hide-button', 'b', false],
  hideName: ['hide-name', 'b', false],
  disabled: ['disabled', 'b', false],
  preview: ['preview', 's', ''],
  inline: ['inline', 'b', false],
  frameSrc: ['frame-src', 's', ''],
  showBrands: ['show-brands', 'b', false],
  preferredNetwork: ['preferred-network', 's', ''],
  saveCard: ['save-card', 's', 'auto'],
  billing: ['billing', 's', 'auto'],
  email: ['email', 's', 'auto'],
  phone: ['phone', 's', 'auto'],
} as const;
export type PropName = keyof typeof PROPS;
/** (Pure: the form's chunk, which reads PROPS and FORM_PROPS only, carries none of it.) */
export const BY_ATTRIBUTE = /* @__PURE__ */ new Map<string, PropName>(/* @__PURE__ */ Object.entries(PROPS).map(([name, [attribute]]) => [attribute, name as PropName]));
/** What the inline form takes as it is: every property but `inline` and `frame-src`, which are nothing to it. */
export const FORM_PROPS = [...(Object.keys(PROPS) as PropName[]).filter((name) => name !== 'inline' && name !== 'frameSrc'), 'appearance', 'messages'];
