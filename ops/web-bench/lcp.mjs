// Largest Contentful Paint on Lighthouse's mobile profile (docs/benchmarks.md "First sight on a
// phone"): Debian's Chromium as Lighthouse's emulated phone (Moto G Power: 412×823 at a device
// pixel ratio of 1.75, so images and canvases cost what they cost on the phone), cold cache, 150 ms round trip, 1.6 Mbit/s down and
// 750 kbit/s up (Network.emulateNetworkConditions), the CPU slowed 4× (Emulation.
// setCPUThrottlingRate), through the DevTools protocol. For each PATH, RUNS fresh contexts;
// prints the median LCP, the element it was and whether it holds figures (not a spinner).
// Usage: BASE_URL=… RUNS=3 node ops/web-bench/lcp.mjs /home /home/chart …
// Prints one JSON line last.
import { launchBrowser } from "../../web/e2e/lib/browser.mjs";

const BASE_URL = (process.env.BASE_URL ?? "http://127.0.0.1:8080").replace(
  /\/+$/,
  "",
);
const RUNS = Number(process.env.RUNS ?? 3);
const paths = process.argv.slice(2);
if (!paths.length) throw new Error("usage: lcp.mjs PATH…");

async function once(browser, path) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(() => {
    window.__lcp = null;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const el = e.element;
        window.__lcp = {
          at: e.startTime,
          tag: el?.tagName?.toLowerCase() ?? "?",
          text: (el?.textContent ?? "").trim().slice(0, 60),
          cls:
            typeof el?.className === "string" ? el.className.slice(0, 60) : "",
        };
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  await page.goto(`${BASE_URL}${path}`, {
    waitUntil: "load",
    timeout: 120_000,
  });
  await page
    .waitForLoadState("networkidle", { timeout: 120_000 })
    .catch(() => undefined);
  await page.waitForTimeout(1000);
  // No tap: Quick exit sits at the top of a phone's page. Without input the last candidate
  // reported once the network is idle is the page's LCP.
  const lcp = await page.evaluate(() => window.__lcp);
  await context.close();
  return lcp;
}

const launched = await launchBrowser();
const results = [];
try {
  for (const path of paths) {
    const runs = [];
    for (let i = 0; i < RUNS; i++)
      runs.push(await once(launched.browser, path));
    const sorted = runs.filter(Boolean).sort((a, b) => a.at - b.at);
    const median = sorted[Math.floor(sorted.length / 2)];
    const ms = Math.round(median?.at ?? NaN);
    console.log(
      `${path}: LCP ${(ms / 1000).toFixed(2)} s (median of ${RUNS}; runs ${runs.map((r) => ((r?.at ?? NaN) / 1000).toFixed(2)).join(", ")} s) — <${median?.tag}${median?.cls ? ` class="${median.cls}"` : ""}> "${median?.text}"`,
    );
    results.push({ path, lcpMs: ms, element: median?.tag, text: median?.text });
  }
} finally {
  await launched.close();
}
console.log(JSON.stringify({ lcp: results }));
