import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// `findBy…` and `waitFor` wait a second by default: stretched on CI's busy hosts as the tests' own timeouts are
// (scale-timeouts.cjs), never a measure of speed.
configure({ asyncUtilTimeout: 1000 * Number(process.env.TEST_TIMEOUT_SCALE ?? 1) });

// react-router 7 needs these, which jsdom lacks.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no PointerEvent; Chakra's (Zag's) press handling constructs them.
if (typeof window !== 'undefined' && !window.PointerEvent) {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  window.PointerEvent = PointerEventPolyfill as unknown as typeof PointerEvent;
}

// jsdom has no ResizeObserver; Zag's popper observes a menu's size in the frame after it opens. jsdom lays nothing
// out, so sizes never change and an observer that never reports is what a browser would do here.
if (typeof window !== 'undefined' && !window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
