import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router 7 needs these, which jsdom lacks.
Object.assign(globalThis, { TextEncoder, TextDecoder });
