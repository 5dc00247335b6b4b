/**
 * The placeholder `<tender-checkout>` shows until the frame or the inline form does. It holds the
 * form's height from the element's first render, so nothing on the page moves: the height of the
 * default look, less the name's row and the button's (with the button hidden the status line keeps its
 * line), plus the row of accepted networks (`show-brands`), or `--tender-reserved-height`.
 */
export const PLACEHOLDER_CSS =
  '[part=placeholder]{--_tender-reserved:372px;box-sizing:border-box;height:var(--tender-reserved-height,calc(var(--_tender-reserved) + var(--_tender-brands,0px)));overflow:hidden;display:grid;grid-template-columns:1fr 1fr;align-content:start;gap:8px 12px;padding:var(--tender-container-padding,16px);background:var(--tender-color-background,transparent);border-radius:var(--tender-border-radius,6px)}' +
  '.no-name{--_tender-reserved:292px}.no-button{--_tender-reserved:338px}.no-name.no-button{--_tender-reserved:258px}.brands{--_tender-brands:38px}.no-name .n,.no-button .b{display:none}' +
  '[part=placeholder] i{grid-column:span 2;height:44px;border-radius:var(--tender-border-radius,6px);background:var(--tender-color-disabled,#f0f0f0);animation:tender-pulse 1.6s ease-in-out infinite}[part=placeholder] .l{height:14px;width:40%}[part=placeholder] .h{grid-column:auto}' +
  '@keyframes tender-pulse{50%{opacity:.55}}@media (prefers-reduced-motion:reduce){[part=placeholder] i{animation:none}}@media (forced-colors:active){[part=placeholder] i{forced-color-adjust:none;background:GrayText}}';

/** The placeholder's bars: label (l) and field rows of the number, the expiry and CVC (h: half), the name (n) and the button (b). */
const BARS = ['l', '', 'l h', 'l h', 'h', 'h', 'l n', 'n', 'b'];

/** The placeholder: bars in the form's rows, hidden from assistive technology. */
export function createPlaceholder(): HTMLElement {
  const placeholder = document.createElement('div');
  placeholder.setAttribute('part', 'placeholder');
  placeholder.setAttribute('aria-hidden', 'true');
  for (const bar of BARS) placeholder.appendChild(document.createElement('i')).className = bar;
  return placeholder;
}

/** Fits the placeholder to the rows the form will show. */
export function fitPlaceholder(placeholder: HTMLElement, rows: { hideName: boolean; hideButton: boolean; showBrands: boolean }): void {
  placeholder.classList.toggle('no-name', rows.hideName);
  placeholder.classList.toggle('no-button', rows.hideButton);
  placeholder.classList.toggle('brands', rows.showBrands);
}
