// The hot update of a style sheet, in place of mini-css-extract-plugin's own (its
// dist/hmr/hotModuleReplacement.js, which the plugin's loader requires for every CSS module). That one
// reloads the sheet named after the script that was running when the module first ran, or else after
// the page's last <script>: a page's chunk loaded by an in-app navigation is neither (its modules run
// later, from the router), so an edit of the category page's CSS reloaded page-catalogue.css, the page
// visited before. This one reloads every style sheet of this build (the links under its public path):
// the one holding the edited module is among them, whichever page loaded it and however.
/* global __webpack_public_path__ */

/** Links being replaced (the old one and its fresh copy until it loads): an edit saved twice in a row
 * replaces each sheet once. */
const pending = new WeakSet();
let timer;

function replace(link) {
  const fresh = link.cloneNode();
  pending.add(link);
  pending.add(fresh);
  const done = () => {
    pending.delete(fresh);
    link.remove();
  };
  fresh.addEventListener('load', done, { once: true });
  fresh.addEventListener('error', done, { once: true });
  fresh.href = `${link.href.split('?')[0]}?${Date.now()}`;
  link.after(fresh);
}

function reloadSheets() {
  const base = new URL(__webpack_public_path__, document.baseURI).href;
  for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
    const url = link.href.split('?')[0];
    if (url.startsWith(base) && url.endsWith('.css') && !pending.has(link) && link.isConnected) replace(link);
  }
}

/** The loader's call: `(module.id, options)`, answering the update to run when the module is replaced. */
module.exports = function cssHotUpdate() {
  if (typeof document === 'undefined') return () => undefined;
  return () => {
    // the modules of one update at once: one reload of the sheets
    clearTimeout(timer);
    timer = setTimeout(reloadSheets, 50);
  };
};
