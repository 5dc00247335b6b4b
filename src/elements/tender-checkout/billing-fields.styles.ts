/**
 * The billing fields' stylesheet (billing-fields.ts adopts it into the form's shadow root, a
 * constructed sheet: a strict CSP allows it). Selects look like the form's inputs; the address's city,
 * state and postal code share rows; the layouts and label styles of the appearance reach them.
 */
const token = (name: string) => `var(--tender-${name},var(--_tender-${name}))`;

export const CSS = `.billing{display:grid;gap:${token('spacing-unit')};min-width:0;margin:0;padding:0;border:0}
.billing legend{padding:0;margin-block-end:${token('spacing-unit')};color:${token('color-label')};font-size:${token('font-size-label')};font-weight:${token('font-weight-label')}}
.billing select{font:inherit;color:${token('color-input-text')};width:100%;min-height:max(24px,${token('input-min-height')});padding:${token('input-padding')};background:${token('color-input-background')};border:${token('border-width')} solid ${token('color-border')};border-radius:${token('border-radius')};box-shadow:${token('shadow-input')}}
.billing select:hover:not(:disabled){border-color:${token('color-border-hover')}}
.billing select:focus-visible{outline:max(2px,${token('focus-ring-width')}) solid ${token('color-focus')};outline-offset:1px;box-shadow:${token('shadow-input-focus')}}
.billing select[aria-invalid=true]{border-color:${token('color-danger')};border-width:max(2px,${token('border-width')})}
.billing select:disabled{background:${token('color-disabled')};cursor:not-allowed}
.layout-single-line .billing{grid-column:1/-1}
.layout-stacked .billing .row{grid-template-columns:minmax(0,1fr)}
.labels-floating .billing .field:has(select) label{font-size:.75em;transform:translateY(-.85em)}
.labels-floating .billing select{padding-top:1.25em;padding-bottom:.25em}
@container tender (max-width:20rem){.billing .row,.billing.row{grid-template-columns:minmax(0,1fr)}}
@media (forced-colors:active){.billing select{border:1px solid CanvasText}.billing select[aria-invalid=true]{border-width:3px}.billing select:focus-visible{outline:3px solid Highlight}}`;
