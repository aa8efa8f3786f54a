// Times dashboard pages in Debian's Chromium, headless: each URL is loaded RUNS times after one
// warm-up load, and the median of the Navigation Timing figures is printed: "server" from the
// request to the last byte of the answer, "page" from the start of the navigation to the load
// event. Signs in through the invitation link given (a Viewer: no second factor).
// A path written "download:/path" is fetched once in the browser's session instead, and its time
// to the last byte and its size are printed (an export).
// Usage: node bench/dashboard-pages.mjs BASE_URL INVITATION_URL EMAIL "label=path" ...
import { chromium } from 'playwright-core';

const [base, invitation, email, ...pages] = process.argv.slice(2);
const runs = Number(process.env.RUNS || 7);
const password = 'a long bench password';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto(invitation);
await page.fill('#password', password);
await page.fill('#repeat', password);
await Promise.all([page.waitForNavigation(), page.click('main form button')]);
await page.fill('#email', email);
await page.fill('#password', password);
await Promise.all([page.waitForNavigation(), page.click('main form button')]);
if (!page.url().endsWith('/dashboard')) throw new Error('not signed in: ' + page.url());

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
console.log('page'.padEnd(34) + 'server ms'.padStart(10) + 'page ms'.padStart(10) + '  rows');
for (const spec of pages) {
  const [label, path] = spec.split(/=(.*)/s);
  if (path.startsWith('download:')) {
    const started = Date.now();
    const answer = await page.request.get(base + path.slice('download:'.length), { timeout: 600000 });
    const body = await answer.body();
    if (answer.status() !== 200) throw new Error(path + ' answered ' + answer.status());
    const lines = body.toString('utf8').split('\r\n').length - 2;
    console.log(label.padEnd(34) + String(Date.now() - started).padStart(10) + '        -'
      + String(lines).padStart(8) + ' rows, ' + (body.length / 1048576).toFixed(1) + ' MiB');
    continue;
  }
  const server = [], whole = [];
  let rows = 0;
  for (let i = 0; i <= runs; i++) {
    const answer = await page.goto(base + path, { waitUntil: 'load' });
    if (!answer || answer.status() >= 400) throw new Error(path + ' answered ' + (answer && answer.status()));
    const t = await page.evaluate(() => performance.getEntriesByType('navigation')[0].toJSON());
    if (i > 0) { server.push(t.responseEnd - t.requestStart); whole.push(t.loadEventEnd - t.startTime); }
    rows = await page.locator('main tbody tr').count();
  }
  console.log(label.padEnd(34) + median(server).toFixed(0).padStart(10) + median(whole).toFixed(0).padStart(10)
    + String(rows).padStart(6));
}
await browser.close();
