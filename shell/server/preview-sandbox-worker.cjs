// The worker that runs remotes' preview modules (previewSandbox.ts). Each module runs in a V8 context of
// its own that holds nothing of Node.js: no require, no process (so no environment and no file system), no
// fetch or sockets, no timers, no code built from strings; only the language's own objects, the two text
// codecs React needs, a small URL, URLSearchParams and MessageChannel, defined inside the context (a host object would
// lead back to the host's Function). Requests and answers cross as JSON text. Every evaluation has a time limit, microtasks
// included; the worker's heap is limited by its creator, which also ends it when an answer is late.
// The worker never touches a value the module made: it reads back only strings it produced inside the
// context (the answer, an error's text), hands the request in as a literal of the evaluated code, and
// takes an error's text only from a plain error's own data property. So none of the module's code (a
// getter, a setter, a proxy's trap) runs on the worker's own stack, outside the time limit.
'use strict';
const { parentPort } = require('node:worker_threads');
const { types } = require('node:util');
const vm = require('node:vm');

const MAX_MODULES = 8;
/**
 * The largest answer taken (characters of JSON): a page's description with its preview is tens of KB;
 * a module that answers more is refused here, before it crosses to the shell's server.
 */
const MAX_ANSWER_CHARS = 2_000_000;
const FAILED = 'the module failed';
/** @type {Map<string, vm.Context>} */
const modules = new Map();

// UTF-8 codecs written in the context's own language: React's server build creates a TextEncoder
const PRELUDE = String.raw`
(function () {
  function TextEncoder() {}
  TextEncoder.prototype.encode = function (text) {
    text = String(text === undefined ? '' : text);
    var bytes = [];
    for (var i = 0; i < text.length; i++) {
      var code = text.codePointAt(i);
      if (code > 0xffff) i++;
      if (code < 0x80) bytes.push(code);
      else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
      else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
      else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    }
    return new Uint8Array(bytes);
  };
  TextEncoder.prototype.encodeInto = function (text, target) {
    var bytes = this.encode(text);
    target.set(bytes.subarray(0, target.length));
    return { read: text.length, written: Math.min(bytes.length, target.length) };
  };
  Object.defineProperty(TextEncoder.prototype, 'encoding', { value: 'utf-8' });
  function TextDecoder() {}
  TextDecoder.prototype.decode = function (bytes) {
    if (!bytes) return '';
    var out = '';
    var view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes.buffer || bytes);
    for (var i = 0; i < view.length; ) {
      var byte = view[i++];
      var code = byte;
      if (byte >= 0xf0) code = ((byte & 7) << 18) | ((view[i++] & 63) << 12) | ((view[i++] & 63) << 6) | (view[i++] & 63);
      else if (byte >= 0xe0) code = ((byte & 15) << 12) | ((view[i++] & 63) << 6) | (view[i++] & 63);
      else if (byte >= 0xc0) code = ((byte & 31) << 6) | (view[i++] & 63);
      out += String.fromCodePoint(code);
    }
    return out;
  };
  globalThis.TextEncoder = TextEncoder;
  globalThis.TextDecoder = TextDecoder;

  // URL and URLSearchParams for what a page render does with addresses (React Router's memory history
  // resolves paths against http://localhost): absolute URLs with a host, and paths resolved against them
  var decode = function (text) { return decodeURIComponent(text.replace(/\+/g, ' ')); };
  var encode = function (text) { return encodeURIComponent(text).replace(/%20/g, '+'); };
  function URLSearchParams(init) {
    var list = (this._list = []);
    if (init instanceof URLSearchParams) init = init.toString();
    if (typeof init === 'string') {
      init = init.replace(/^\?/, '');
      if (init) init.split('&').forEach(function (pair) {
        if (!pair) return;
        var at = pair.indexOf('=');
        list.push(at < 0 ? [decode(pair), ''] : [decode(pair.slice(0, at)), decode(pair.slice(at + 1))]);
      });
    } else if (init && typeof init[Symbol.iterator] === 'function') {
      for (var entry of init) list.push([String(entry[0]), String(entry[1])]);
    } else if (init && typeof init === 'object') {
      Object.keys(init).forEach(function (key) { list.push([key, String(init[key])]); });
    }
  }
  URLSearchParams.prototype = {
    constructor: URLSearchParams,
    append: function (key, value) { this._list.push([String(key), String(value)]); },
    delete: function (key) { this._list = this._list.filter(function (e) { return e[0] !== String(key); }); },
    get: function (key) { var e = this._list.find(function (e) { return e[0] === String(key); }); return e ? e[1] : null; },
    getAll: function (key) { return this._list.filter(function (e) { return e[0] === String(key); }).map(function (e) { return e[1]; }); },
    has: function (key) { return this._list.some(function (e) { return e[0] === String(key); }); },
    set: function (key, value) {
      key = String(key);
      var at = this._list.findIndex(function (e) { return e[0] === key; });
      this.delete(key);
      this._list.splice(at < 0 ? this._list.length : at, 0, [key, String(value)]);
    },
    sort: function () { this._list.sort(function (a, b) { return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0; }); },
    forEach: function (callback, self) { var params = this; this._list.forEach(function (e) { callback.call(self, e[1], e[0], params); }); },
    keys: function () { return this._list.map(function (e) { return e[0]; })[Symbol.iterator](); },
    values: function () { return this._list.map(function (e) { return e[1]; })[Symbol.iterator](); },
    entries: function () { return this._list.map(function (e) { return [e[0], e[1]]; })[Symbol.iterator](); },
    toString: function () { return this._list.map(function (e) { return encode(e[0]) + '=' + encode(e[1]); }).join('&'); },
  };
  URLSearchParams.prototype[Symbol.iterator] = URLSearchParams.prototype.entries;
  Object.defineProperty(URLSearchParams.prototype, 'size', { get: function () { return this._list.length; } });

  function normalize(path) {
    var out = [];
    path.split('/').forEach(function (segment, index, all) {
      if (segment === '..') { if (out.length > 1) out.pop(); if (index === all.length - 1) out.push(''); }
      else if (segment === '.') { if (index === all.length - 1) out.push(''); }
      else out.push(segment);
    });
    var joined = out.join('/');
    return joined.charAt(0) === '/' ? joined : '/' + joined;
  }
  var ABSOLUTE = /^([a-zA-Z][a-zA-Z0-9+.-]*:)\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/;
  function URL(input, base) {
    input = String(input).trim();
    var parts = ABSOLUTE.exec(input);
    if (!parts) {
      if (base === undefined) throw new TypeError('Invalid URL: ' + input);
      var from = base instanceof URL ? base : new URL(base);
      if (input.slice(0, 2) === '//') return new URL(from.protocol + input);
      var relative = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(input);
      var path = relative[1];
      var search = relative[2];
      var pathname = path === '' ? from.pathname : path.charAt(0) === '/' ? path : from.pathname.replace(/[^/]*$/, '') + path;
      if (path === '' && search === undefined) search = from.search;
      parts = [input, from.protocol, from.host, pathname, search, relative[3]];
    }
    this.protocol = parts[1].toLowerCase();
    this.host = parts[2].toLowerCase();
    var colon = this.host.lastIndexOf(':');
    this.hostname = colon > 0 && this.host.indexOf(']') < colon ? this.host.slice(0, colon) : this.host;
    this.port = this.hostname === this.host ? '' : this.host.slice(colon + 1);
    this.pathname = normalize(parts[3] || '/');
    this.search = parts[4] && parts[4] !== '?' ? parts[4] : '';
    this.hash = parts[5] && parts[5] !== '#' ? parts[5] : '';
    this.username = '';
    this.password = '';
    this.searchParams = new URLSearchParams(this.search);
  }
  Object.defineProperty(URL.prototype, 'origin', { get: function () { return this.protocol + '//' + this.host; } });
  Object.defineProperty(URL.prototype, 'href', {
    get: function () { return this.protocol + '//' + this.host + this.pathname + this.search + this.hash; },
  });
  URL.prototype.toString = function () { return this.href; };
  URL.prototype.toJSON = function () { return this.href; };
  globalThis.URL = URL;
  globalThis.URLSearchParams = URLSearchParams;

  // React's streaming renderer creates a MessageChannel to schedule work; a render to a string never
  // uses it, and a message here is handled as a microtask (counted against the evaluation's time)
  function MessagePort() { this.onmessage = null; }
  MessageChannel.prototype = {};
  function MessageChannel() {
    var one = new MessagePort();
    var two = new MessagePort();
    one.postMessage = function (data) { Promise.resolve().then(function () { if (two.onmessage) two.onmessage({ data: data }); }); };
    two.postMessage = function (data) { Promise.resolve().then(function () { if (one.onmessage) one.onmessage({ data: data }); }); };
    this.port1 = one;
    this.port2 = two;
  }
  globalThis.MessageChannel = MessageChannel;
})();
`;

function load(key, source, timeout) {
  const context = vm.createContext(Object.create(null), {
    name: key,
    codeGeneration: { strings: false, wasm: false },
    microtaskMode: 'afterEvaluate',
  });
  vm.runInContext(PRELUDE, context, { timeout });
  vm.runInContext(
    `(function () { var module = { exports: {} }; var exports = module.exports;\n${source}\n;globalThis.__preview = module.exports; })();`,
    context,
    { timeout, filename: key },
  );
  if (vm.runInContext("typeof __preview.describePage !== 'function'", context, { timeout })) {
    throw new Error(`${key}: no describePage`);
  }
  modules.delete(key);
  modules.set(key, context);
  while (modules.size > MAX_MODULES) modules.delete(modules.keys().next().value);
}

function render(key, request, timeout) {
  const context = modules.get(key);
  if (!context) return { unknown: true };
  // the request is a literal of the code (JSON text is a JavaScript string literal once quoted): set as
  // a property of the context's global, it would run a setter the module put there, on this stack
  const literal = JSON.stringify(request);
  // the answer may be a promise (a page's component is loaded by its route's lazy): the context's
  // microtasks run after the evaluation and within its time limit, so it is settled by the next one.
  // Whatever the module throws or answers is turned into a string in its own context, within the limit.
  vm.runInContext(
    `var __out = null; try { Promise.resolve(__preview.describePage(JSON.parse(${literal}))).then(function (r) { __out = 'R' + (r == null ? 'null' : JSON.stringify(r)); }, function (e) { try { __out = 'E' + String(e && e.message); } catch (_) { __out = 'E${FAILED}'; } }); } catch (e) { try { __out = 'E' + String(e && e.message); } catch (_) { __out = 'E${FAILED}'; } }`,
    context,
    { timeout },
  );
  const out = vm.runInContext('__out', context, { timeout });
  if (typeof out !== 'string') throw new Error('the page was not described: it waits for what never comes');
  if (out.length > MAX_ANSWER_CHARS + 1) throw new Error(`the answer is larger than ${MAX_ANSWER_CHARS} characters`);
  if (out.charAt(0) === 'E') throw new Error(out.slice(1));
  const result = out.slice(1);
  return { result: result === 'null' ? null : result };
}

/**
 * An error's text, read without running the module's code: a proxy or anything but a plain error is
 * "failed"; a plain error's message only as its own data property (an accessor would be the module's).
 */
function messageOf(error) {
  if (types.isProxy(error) || !types.isNativeError(error)) return FAILED;
  const own = Object.getOwnPropertyDescriptor(error, 'message');
  return own && typeof own.value === 'string' ? own.value : FAILED;
}

parentPort.on('message', (message) => {
  const { id, type, key, timeout } = message;
  try {
    if (type === 'load') {
      load(key, message.source, timeout);
      parentPort.postMessage({ id, ok: true });
    } else {
      parentPort.postMessage({ id, ok: true, ...render(key, message.request, timeout) });
    }
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: messageOf(error).slice(0, 500) });
  }
});
