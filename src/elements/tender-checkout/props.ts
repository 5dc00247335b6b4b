/** The element's attribute-backed properties: name → [attribute, kind (s string, b boolean, n number), default] (tender-checkout.ts reflects them). */
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
export const BY_ATTRIBUTE = new Map<string, PropName>(Object.entries(PROPS).map(([name, [attribute]]) => [attribute, name as PropName]));
/** What the inline form takes as it is: every property but `inline` and `frame-src`, which are nothing to it. */
export const FORM_PROPS = [...(Object.keys(PROPS) as PropName[]).filter((name) => name !== 'inline' && name !== 'frameSrc'), 'appearance', 'messages'];
