/**
 * The rules of the layouts other than `split` and the label styles other than `above` (classes on the
 * element's `.base`). They matter only with an appearance, so they come in the appearance chunk and the
 * controller adopts them with the compiled appearance, after the element's own styles (moved out of
 * the main file to keep it within its size budget; the rules are unchanged).
 */
const t = (name: string) => `var(--tender-${name}, var(--_tender-${name}))`;

export const LAYOUT_CSS = [
  // hidden labels: for assistive technology only (the placeholder says what a field is)
  '.labels-hidden label{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}',
  '.layout-stacked .row{grid-template-columns:minmax(0,1fr)}',
  `.layout-single-line form{grid-template-columns:minmax(0,2fr) minmax(0,1fr) minmax(0,1fr);column-gap:${t('column-gap')}}`,
  '.layout-single-line .row{display:contents}',
  '.layout-single-line .field.name,.layout-single-line button,.layout-single-line .brands{grid-column:1/-1}',
  // below 30 rem floating labels take one field per row, so a long label (or one with wider text spacing) fits its field
  '@container tender (max-width: 30rem){.layout-single-line form{grid-template-columns:minmax(0,1fr) minmax(0,1fr)}.layout-single-line .field.number{grid-column:1/-1}.labels-floating .row,.labels-floating.layout-single-line form{grid-template-columns:minmax(0,1fr)}}',
  '@container tender (max-width: 14rem){.layout-single-line form{grid-template-columns:minmax(0,1fr)}}',
  // floating labels: the label sits in the empty input and moves up on focus or once filled
  `.labels-floating label{position:absolute;z-index:1;top:0;inset-inline-start:0;min-height:max(24px, ${t('input-min-height')});display:flex;align-items:center;padding-inline:0.8em;pointer-events:none;transition:120ms}`,
  // the card-number label keeps clear of the brand badge (on the right, whatever the direction)
  `.labels-floating .number label{left:0;right:calc(16px + 5 * ${t('font-size-small')})}`,
  '.labels-floating input{padding-top:1.25em;padding-bottom:0.25em}',
  // hidden by opacity as well: forced colours repaint a transparent placeholder in GrayText, under the label
  '.labels-floating input:not(:focus)::placeholder{color:transparent;opacity:0}',
  '.labels-floating .field:focus-within label,.labels-floating .field:has(input:not(:placeholder-shown)) label{font-size:0.75em;transform:translateY(-0.85em)}',
].join('\n');
