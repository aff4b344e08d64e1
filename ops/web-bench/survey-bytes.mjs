// Bytes the anonymous survey costs a phone (docs/benchmarks.md "Bytes on a phone"): opens the
// invite link PATH in Debian's Chromium at 390×844, first with nothing cached (counting until
// the first question shows, then until the network is idle, service worker included), then
// again in the same browser (a return visit: the service worker answers from what it kept),
// and prints the bytes transferred (encodedDataLength, DevTools protocol) with the largest
// requests. Usage: BASE_URL=… node ops/web-bench/survey-bytes.mjs '/Questionnaire/SurveyQuestions?inviteCode=…'
// Prints one JSON line last.
import { launchBrowser } from "../../web/e2e/lib/browser.mjs";

const BASE_URL = (process.env.BASE_URL ?? "http://127.0.0.1:8080").replace(
  /\/+$/,
  "",
);
const path = process.argv[2];
if (!path)
  throw new Error(
    "usage: survey-bytes.mjs /Questionnaire/SurveyQuestions?inviteCode=…",
  );
const kb = (n) => Math.round(n / 100) / 10;

/** Counts what `visit` transfers, the worker's own fetches included. */
async function measure(context, page, visit) {
  const sessions = [await context.newCDPSession(page)];
  for (const worker of context.serviceWorkers())
    sessions.push(await context.newCDPSession(worker).catch(() => null));
  let total = 0;
  let headers = 0;
  let firstQuestion = null;
  let firstQuestionHeaders = null;
  const perUrl = new Map();
  for (const cdp of sessions.filter(Boolean)) {
    await cdp.send("Network.enable");
    const urls = new Map();
    cdp.on("Network.responseReceived", (e) => {
      urls.set(e.requestId, e.response.url);
      // Bytes of the status line and headers (HTTP/1.1 here; HTTP/2 compresses repeats).
      headers += e.response.encodedDataLength ?? 0;
    });
    cdp.on("Network.loadingFinished", (e) => {
      total += e.encodedDataLength;
      const u = (urls.get(e.requestId) ?? "?").replace(BASE_URL, "");
      perUrl.set(u, (perUrl.get(u) ?? 0) + e.encodedDataLength);
    });
  }
  await visit(async () => {
    firstQuestion = total;
    firstQuestionHeaders = headers;
  });
  await page.waitForLoadState("networkidle", { timeout: 60_000 });
  await page.waitForTimeout(2500);
  return {
    total,
    firstQuestion,
    firstQuestionHeaders,
    largest: [...perUrl].sort((a, b) => b[1] - a[1]).slice(0, 8),
  };
}

const launched = await launchBrowser();
try {
  const context = await launched.browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: "allow",
  });
  const page = await context.newPage();
  const first = await measure(context, page, async (shown) => {
    await page.goto(`${BASE_URL}${path}`, { waitUntil: "commit" });
    await page
      .locator("fieldset.survey-question")
      .first()
      .waitFor({ timeout: 60_000 });
    await shown();
  });
  await page.waitForFunction(
    () => Boolean(navigator.serviceWorker?.controller),
    null,
    { timeout: 30_000 },
  );
  await page.close();
  const again = await context.newPage();
  const second = await measure(context, again, async (shown) => {
    await again.goto(`${BASE_URL}${path}`, { waitUntil: "commit" });
    await again
      .locator("fieldset.survey-question")
      .first()
      .waitFor({ timeout: 60_000 });
    await shown();
  });
  for (const [label, m] of [
    ["first visit", first],
    ["return visit", second],
  ]) {
    console.log(
      `survey ${label} at 390×844: ${kb(m.firstQuestion)} kB before the first question shows (${kb(m.firstQuestion - m.firstQuestionHeaders)} kB of it bodies, ${kb(m.firstQuestionHeaders)} kB HTTP/1.1 headers), ${kb(m.total)} kB in all`,
    );
    for (const [u, n] of m.largest)
      console.log(
        `    ${kb(n)} kB  ${u.length > 90 ? `${u.slice(0, 87)}…` : u}`,
      );
  }
  console.log(
    JSON.stringify({
      path: "/Questionnaire/SurveyQuestions",
      firstVisitBeforeQuestionBytes: first.firstQuestion,
      firstVisitBeforeQuestionBodyBytes:
        first.firstQuestion - first.firstQuestionHeaders,
      firstVisitBytes: first.total,
      returnVisitBeforeQuestionBytes: second.firstQuestion,
      returnVisitBytes: second.total,
    }),
  );
} finally {
  await launched.close();
}
