/** The payment flow: a pure state machine the element's runner (and the isolated card frame's) drive. */
export * from './describe.js';
export * from './machine.js';
export * from './preview.js';
