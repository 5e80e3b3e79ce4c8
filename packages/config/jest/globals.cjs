// jsdom lacks TextEncoder, which react-router 7 needs at import.
const { TextEncoder, TextDecoder } = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;
globalThis.__APP_NAME__ = 'test';
globalThis.__BUILD_ID__ = 'test';
