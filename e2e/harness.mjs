// What board.mjs needs around the browser: the server under test, a record of failures,
// named steps, page watchers (console, errors, failed requests), screenshots, the screen sizes
// the page is tried at, and whether an element is in view.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.resolve(ROOT, process.env.NQUEENS_BIN ?? 'target/release/nqueens');
export const SHOTS = path.join(ROOT, 'target', 'e2e');
const t0 = Date.now();

export const failures = [];
export const ignoredAborts = []; // 2xx answers the browser reported as aborted (see watchPage)
export const seconds = () => ((Date.now() - t0) / 1000).toFixed(1);
export const log = (text) => console.log(`[${seconds()}s] ${text}`);

/** Runs one named step; a failure is recorded and the run goes on with the next step. */
export async function step(name, body) {
  try {
    await body();
    log(`ok    ${name}`);
  } catch (error) {
    failures.push(`${name}: ${error.message.split('\n')[0]}`);
    log(`FAIL  ${name}: ${error.message}`);
  }
}

export function expect(condition, message) {
  if (!condition) throw new Error(message);
}

/** Starts `BIN serve --port 0`; `url` resolves with the URL from the first line it prints. */
export function startServer() {
  expect(fs.existsSync(BIN), `no server binary at ${BIN} (build it, or set NQUEENS_BIN)`);
  const server = spawn(BIN, ['serve', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  server.stderr.on('data', (d) => { stderr += d; });
  const url = new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server printed no URL in 30 s; stderr: ${stderr}`)), 30_000);
    server.stdout.on('data', (d) => {
      out += d;
      const match = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (match) { clearTimeout(timer); resolve(match[0]); }
    });
    server.on('exit', (code) => { clearTimeout(timer); reject(new Error(`the server exited (${code}); stderr: ${stderr}`)); });
  });
  return { server, url };
}

/** Records console errors and warnings, page errors and failed requests as failures. */
export function watchPage(page, label) {
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') failures.push(`${label}: console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => failures.push(`${label}: uncaught ${e.message}`));
  page.on('requestfailed', async (r) => {
    const error = r.failure()?.errorText;
    // ERR_ABORTED is the client letting go of an answer that had already begun with a 2xx
    // status: the page closes its count EventSource once the result is in (or it would
    // reconnect and count again), and Chromium reports a fully read *streamed* body sent with
    // "Cache-Control: no-store" as aborted too. A server failure shows as an HTTP error status
    // or another net:: error, and a missing answer fails the step that waits for it.
    if (error === 'net::ERR_ABORTED') {
      const response = await r.response().catch(() => null);
      if (response && response.ok()) { ignoredAborts.push(r.url()); return; }
    }
    failures.push(`${label}: request failed ${r.url()} (${error})`);
  });
  page.on('response', (r) => { if (r.status() >= 400) failures.push(`${label}: HTTP ${r.status()} for ${r.url()}`); });
}

/** A screenshot (the full page, or the screen alone), once the short colour transitions have ended. */
export async function shot(page, name, { fullPage = true } = {}) {
  await page.waitForTimeout(250);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

/**
 * The screens the page is tried at: a laptop, a projector's full HD, the laptop zoomed to 150 %
 * (1280 × 800 seen through a 1.5 zoom is an 853 × 533 layout) and a phone (touch).
 */
export const SCREENS = [
  { width: 1280, height: 800, name: '1280x800' },
  { width: 1920, height: 1080, name: '1920x1080' },
  { width: 853, height: 533, name: '853x533' },
  { width: 375, height: 812, name: '375x812', touch: true },
];

/** A page at a screen size (a touch screen for the phone), watched for errors. */
export async function openPage(browser, screen, label, options = {}) {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height }, hasTouch: Boolean(screen.touch), isMobile: Boolean(screen.touch), ...options,
  });
  const page = await context.newPage();
  watchPage(page, `${label} ${screen.name}`);
  return { context, page };
}

/**
 * Where an element stands against the viewport: null when it is wholly inside it, else
 * why not (its box). `within` (a selector) must also hold it whole, as a scrolled box does.
 */
export async function outOfView(page, selector, within = null) {
  return page.evaluate(([sel, box]) => {
    const element = document.querySelector(sel);
    if (!element) return `${sel} is missing`;
    const r = element.getBoundingClientRect();
    const shown = `${sel} at x ${Math.round(r.left)}–${Math.round(r.right)}, y ${Math.round(r.top)}–${Math.round(r.bottom)}`;
    if (r.width === 0 || r.height === 0) return `${sel} is not shown`;
    if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
      return `${shown}, outside the ${innerWidth} × ${innerHeight} viewport`;
    }
    const outer = box && document.querySelector(box).getBoundingClientRect();
    if (outer && (r.top < outer.top - 0.5 || r.bottom > outer.bottom + 0.5)) return `${shown}, scrolled out of ${box}`;
    return null;
  }, [selector, within]);
}

/** Waits until the trace of n has loaded completely: an n × n board, and the status ready. */
export async function traceReady(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll('#board .square').length === k * k, n, { timeout: 20_000 })
    .catch(() => { throw new Error(`the board is not ${n} × ${n}`); });
  await page.waitForSelector('#trace-status[data-state="ready"]', { state: 'attached', timeout: 20_000 });
}
