/**
 * Server modules that attack the preview sandbox (previewSandbox.ts) with the known ways out of a V8
 * context, for its tests: each one, should it get through, describes a page whose HTML says
 * ESCAPED_MARK and how; contained, it yields no description (an error, a late or a missing answer).
 * A module here is a whole `server/pages.js` as a remote would deploy it.
 */

/** What a module that got out writes into its page. */
export const ESCAPED_MARK = 'ESCAPED';

export type Attack = {
  /** what it tries, for the test's name */
  name: string;
  source: string;
  /** it reports on its second description what it managed during the first */
  twice?: boolean;
  /** a worker that runs out of memory takes seconds to end */
  slow?: boolean;
};

/** A page whose HTML carries the mark (only an attack that worked answers it). */
const escaped = (how: string) =>
  `({ kind: 'page', route: 'attack/page', html: '<p>${ESCAPED_MARK}: ' + (${how}) + '</p>', meta: null, crumbs: [], heading: null, notFound: false })`;

/** `process` of whatever realm a value leads to, if its constructor's constructor builds code. */
const PROBE = `
function probe(value) {
  try {
    var built = value && value.constructor && value.constructor.constructor;
    var found = typeof built === 'function' ? built('return process')() : null;
    return found && typeof found.pid === 'number' ? found : null;
  } catch (error) {
    return null;
  }
}`;

const moduleWith = (body: string) => `${PROBE}\nexports.describePage = function (r) {\n${body}\n};`;

export const ATTACKS: readonly Attack[] = [
  {
    name: 'the host’s Function through constructors (this.constructor.constructor and its kin)',
    source: moduleWith(`
      var self = this;
      var tries = [
        function () { return self.constructor.constructor('return process')(); },
        function () { return ({}).constructor.constructor('return process')(); },
        function () { return globalThis.constructor.constructor('return process')(); },
        function () { return Object.getPrototypeOf(globalThis).constructor.constructor('return process')(); },
        function () { return Object.getPrototypeOf(async function () {}).constructor('return process')(); },
        function () { return Object.getPrototypeOf(function* () {}).constructor('return process')(); },
        function () { return r.constructor.constructor('return process')(); },
        function () { return (0, eval)('process'); },
      ];
      for (var i = 0; i < tries.length; i++) {
        try {
          var found = tries[i]();
          if (found && typeof found.pid === 'number') return ${escaped("'constructor ' + i")};
        } catch (error) {}
      }
      throw new Error('contained');`),
  },
  {
    name: 'Error.prepareStackTrace: the call sites of the host’s frames, their this and functions',
    source: moduleWith(`
      var found = null;
      Error.prepareStackTrace = function (error, frames) {
        var values = [frames];
        for (var i = 0; i < frames.length; i++) {
          values.push(frames[i]);
          try { values.push(frames[i].getThis()); } catch (e) {}
          try { values.push(frames[i].getFunction()); } catch (e) {}
        }
        for (var j = 0; j < values.length && !found; j++) found = probe(values[j]);
        return 'traced';
      };
      String(new Error('from the module').stack);
      var holder = {};
      Error.captureStackTrace(holder);
      String(holder.stack);
      if (found) return ${escaped("'call site, process ' + found.pid")};
      throw new Error('contained');`),
  },
  {
    name: 'the caller chain into the host’s functions',
    source: moduleWith(`
      function walk() {
        var seen = 0;
        for (var fn = walk.caller; fn && seen < 50; fn = fn.caller, seen++) {
          var found = probe(fn) || probe({ constructor: fn });
          if (found) return found;
        }
        return null;
      }
      var found = walk();
      if (found) return ${escaped("'caller, process ' + found.pid")};
      throw new Error('contained');`),
  },
  {
    name: 'a proxy, a getter and a setter left for the host to touch (run outside the time limit)',
    twice: true,
    source: `
      var onHost = [];
      /** Whether the host's own code is running this: the frame under the caller is the worker's file. */
      function fromHost(what) {
        var caller = String(new Error().stack).split('\\n')[3] || '';
        if (caller.indexOf('preview-sandbox-worker') >= 0) onHost.push(what);
      }
      var request;
      var calls = 0;
      exports.describePage = function (r) {
        calls += 1;
        if (calls % 2 === 0) {
          if (onHost.length) return ${escaped("'ran on the host: ' + onHost.join(', ')")};
          throw new Error('contained');
        }
        Object.defineProperty(globalThis, '__request', {
          set: function (value) { fromHost('a setter'); request = value; },
          get: function () { fromHost('a getter'); return request; },
          configurable: true,
        });
        throw new Proxy(new Error('a proxy'), {
          get: function (target, key) { fromHost('a proxy'); return target[key]; },
          getOwnPropertyDescriptor: function (target, key) { fromHost('a proxy'); return Object.getOwnPropertyDescriptor(target, key); },
          getPrototypeOf: function (target) { fromHost('a proxy'); return Object.getPrototypeOf(target); },
        });
      };`,
  },
  {
    name: 'an unbounded allocation',
    slow: true,
    source: moduleWith(`
      var keep = [];
      for (;;) keep.push(new Array(1e6).fill(keep.length));`),
  },
  { name: 'an endless loop', source: moduleWith('for (;;) {}') },
  {
    name: 'a wait that never ends (Atomics.wait)',
    source: moduleWith('Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); throw new Error("woke");'),
  },
  {
    name: 'a promise chain that never ends',
    source: moduleWith(`
      var spin = function () { return Promise.resolve().then(spin); };
      return spin();`),
  },
  { name: 'an answer that never comes', source: moduleWith('return new Promise(function () {});') },
  {
    name: 'a huge output',
    source: moduleWith(`return ${escaped("new Array(3e6).join('x')")};`),
  },
  {
    name: 'code compiled at run time (WebAssembly)',
    source: moduleWith(`
      var bytes = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);
      new WebAssembly.Module(bytes);
      return ${escaped("'wasm compiled'")};`),
  },
  {
    name: 'a dynamic import of a Node.js module',
    source: moduleWith(`
      return import('node:child_process').then(
        function (child) { return ${escaped("'import ' + typeof child.execSync")}; },
        function () { throw new Error('contained'); }
      );`),
  },
];

/** A module that behaves: its page's HTML is this. */
export const BEHAVED_HTML = '<p>described by the module</p>';
export const BEHAVED_MODULE = `exports.describePage = function (r) {
  return { kind: 'page', route: 'attack/page', html: ${JSON.stringify(BEHAVED_HTML)}, meta: null, crumbs: [], heading: null, notFound: false };
};`;
