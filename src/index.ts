/** Public entry of `tender-checkout`: no side effects (elements are registered by `tender-checkout/define`). */
export * from './card/index.js';
export * from './money/index.js';
export { TenderCheckout } from './elements/tender-checkout/tender-checkout.js';
export type * from './events.js';
export { TENDER_ERROR_CODES } from './events.js';
export type { PresetName } from './themes/presets.js';
export type { Appearance } from './themes/appearance.js';
export { createClient } from './api/client.js';
export type * from './api/client.js';
export { INTENT_STATUSES, type IntentStatus } from './api/enums.js';
export { CONFIRMABLE_STATUSES, WAITING_STATUSES, FINAL_STATUSES, isConfirmable, isWaiting, isFinal } from './api/statuses.js';
export { ErrorEnvelope, NextAction, PaymentResponse, PaymentMethodListResponse } from './api/schemas.js';
