import { PAGE_PREVIEW_ATTRIBUTE } from '../remotes/headless';
import {
  installTapCapture,
  NOT_LIVE,
  startTapReplay,
  TAP_ATTRIBUTE,
  TAP_LABEL_ATTRIBUTE,
  TAP_PENDING_ATTRIBUTE,
  TAP_STANDIN_ATTRIBUTE,
} from './headless';

const ADD = 'cart-add:98';
let stops: (() => void)[] = [];

/** The server's first view of an analysis page: the header's search and the preview's «До кошика». */
function serverFirstView() {
  document.body.innerHTML =
    '<div id="root"><div data-first-view><header><button type="button" data-tap="search" aria-label="Пошук аналізів"></button></header>' +
    `<main><div ${PAGE_PREVIEW_ATTRIBUTE}><h1>Феритин</h1>` +
    `<button type="button" data-tap="${ADD}" data-tap-label="У кошику">До кошика</button>` +
    '<button type="button">Показати ще</button></div></main></div></div>';
}

/** The app's own page replacing the first view: its live controls, and what each click on them did. */
function appDraws({ disabled = false } = {}) {
  const clicks: string[] = [];
  const root = document.getElementById('root') as HTMLElement;
  root.innerHTML =
    `<header><button type="button" data-tap="search">search</button></header>` +
    `<main><h1>Феритин</h1><button type="button" data-tap="${ADD}"${disabled ? ' disabled' : ''}>До кошика</button></main>`;
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-tap]')) {
    button.addEventListener('click', () => clicks.push(button.getAttribute('data-tap') ?? ''));
  }
  return clicks;
}

const tap = (selector: string) => (document.querySelector(selector) as HTMLElement).click();
/** The page's mutations are seen (a microtask), then looked at in a task of their own. */
const settle = async () => {
  for (let task = 0; task < 2; task += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

beforeEach(() => {
  delete window.__labTaps;
  window.history.replaceState(null, '', '/analysis/ferytyn');
});
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  document.body.innerHTML = '';
});

function replay() {
  stops.push(startTapReplay(window));
}

describe('a tap on the first view before the app has taken it over', () => {
  it('is answered at once and made once on the live control when the app draws it', async () => {
    installTapCapture(window);
    serverFirstView();
    tap(`[data-tap="${ADD}"]`);
    const kept = document.querySelector(`[data-tap="${ADD}"]`) as HTMLElement;
    expect(kept).toHaveAttribute(TAP_PENDING_ATTRIBUTE);
    expect(kept).toHaveAttribute('aria-busy', 'true');
    expect(kept).toHaveTextContent('У кошику');
    // tapped again while waiting: still one tap
    tap(`[data-tap="${ADD}"]`);
    replay();
    await settle();
    const clicks = appDraws();
    await settle();
    expect(clicks).toEqual([ADD]);
    // later changes of the page make it no more
    document.querySelector('main')?.append(document.createElement('p'));
    await settle();
    expect(clicks).toEqual([ADD]);
  });

  it('waits for the live control to be enabled (the city is known)', async () => {
    installTapCapture(window);
    serverFirstView();
    tap(`[data-tap="${ADD}"]`);
    replay();
    const clicks = appDraws({ disabled: true });
    await settle();
    expect(clicks).toEqual([]);
    (document.querySelector(`main [data-tap="${ADD}"]`) as HTMLButtonElement).disabled = false;
    await settle();
    expect(clicks).toEqual([ADD]);
  });

  it('is kept on a stand-in or the kept preview while the app runs, and made on the live control', async () => {
    replay();
    document.body.innerHTML = `<div><button type="button" data-tap="search" ${TAP_STANDIN_ATTRIBUTE}>search</button></div><div id="root"></div>`;
    tap(`[${TAP_STANDIN_ATTRIBUTE}]`);
    expect(document.querySelector(`[${TAP_STANDIN_ATTRIBUTE}]`)).toHaveAttribute(TAP_PENDING_ATTRIBUTE);
    const clicks = appDraws();
    await settle();
    expect(clicks).toEqual(['search']);
  });

  it('says a button it cannot keep is busy, and makes nothing of it', async () => {
    installTapCapture(window);
    serverFirstView();
    tap(`[${PAGE_PREVIEW_ATTRIBUTE}] button:not([${TAP_ATTRIBUTE}])`);
    expect(document.querySelector(`[${PAGE_PREVIEW_ATTRIBUTE}] button:not([${TAP_ATTRIBUTE}])`)).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(window.__labTaps).toHaveLength(0);
  });

  it('is dropped when the visitor has gone to another page meanwhile', async () => {
    installTapCapture(window);
    serverFirstView();
    tap(`[data-tap="${ADD}"]`);
    window.history.replaceState(null, '', '/cart');
    replay();
    const clicks = appDraws();
    await settle();
    expect(clicks).toEqual([]);
    expect(window.__labTaps).toHaveLength(0);
  });

  it('leaves a click on a live control alone', async () => {
    replay();
    document.body.innerHTML = '<div id="root"></div>';
    const clicks = appDraws();
    tap(`main [data-tap="${ADD}"]`);
    await settle();
    expect(clicks).toEqual([ADD]);
    expect(window.__labTaps).toHaveLength(0);
    expect(document.querySelector(`main [data-tap="${ADD}"]`)).not.toHaveAttribute(TAP_PENDING_ATTRIBUTE);
  });
});

describe('the capture script', () => {
  it('names the attributes the app and the first view use (its source is inlined, without imports)', () => {
    const source = installTapCapture.toString();
    for (const name of [TAP_ATTRIBUTE, TAP_LABEL_ATTRIBUTE, TAP_PENDING_ATTRIBUTE]) expect(source).toContain(name);
    expect(source).toContain(NOT_LIVE);
    expect(NOT_LIVE).toContain(PAGE_PREVIEW_ATTRIBUTE);
    expect(NOT_LIVE).toContain(TAP_STANDIN_ATTRIBUTE);
  });
});
