// Browser tests: playwright-core driving Debian's chromium against the real server (tests/helpers/server.ts).
import axe from "axe-core";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
export const DEMO_PASSWORD = "Demo-2026";
export const OUTPUT_DIR = new URL("../output/", import.meta.url);
// Downloads are saved there too, whether or not screenshots are kept.
await Deno.mkdir(OUTPUT_DIR, { recursive: true });

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** The tests' engine flags: not a user's browser, so the benchmark leaves them out (launchBrowser). */
const TEST_JS_FLAGS = [
  // DuckDB-WASM compiled function by function as the reports call them, not all of it on each page load:
  // half the browser's CPU for a report screen's first load (each test context loads it afresh). And only by
  // the baseline compiler: recompiling hot functions with the optimizing one took a quarter of the renderer's
  // CPU for three report screens, wasted on contexts that live seconds (docs/decisions.md, Tests).
  "--js-flags=--wasm-lazy-compilation --liftoff-only",
];
const TEST_ARGS = [...ARGS, ...TEST_JS_FLAGS];

/**
 * Debian's Chromium, installed on first use (a fresh machine has none): the test command and each benchmark
 * that opens a page call this before launching it.
 */
export async function ensureChromium(): Promise<void> {
  if (await Deno.stat(CHROMIUM).then(() => true, () => false)) return;
  console.log("Instalando chromium de Debian para las pruebas de navegador…");
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  const run = async (args: string[]) =>
    (await new Deno.Command("apt-get", { args, env, stdout: "inherit", stderr: "inherit" }).output()).success;
  const ok = (await run(["update", "-qq"])) &&
    (await run(["install", "-y", "-qq", "chromium", "fonts-dejavu-core"]));
  if (!ok) console.error("No se pudo instalar chromium: las pruebas de navegador fallarán.");
}

/**
 * The Chromium of the run: tests/run.ts starts one for every browser test file and names it in
 * TEST_BROWSER_WS (closing it then only disconnects); a file run on its own launches its own.
 */
export async function launchBrowser(options: { asUser?: boolean } = {}): Promise<Browser> {
  const ws = Deno.env.get("TEST_BROWSER_WS");
  if (ws && !options.asUser) return chromium.connect(ws);
  await ensureChromium();
  // asUser (the benchmark): V8 as a person's Chromium runs it, optimizing compiler included.
  return chromium.launch({
    executablePath: CHROMIUM,
    args: options.asUser ? ARGS : TEST_ARGS,
    headless: true,
  });
}

/**
 * A person's own browser for the benchmark: a profile kept in `dir` (the HTTP cache with the compiled code of
 * scripts and wasm, IndexedDB), V8 as a user's. A context of launchBrowser is off the record: Chrome keeps no
 * compiled code there, so each of its pages compiles DuckDB afresh. Closing the context closes this browser.
 */
export async function launchProfile(dir: string, options: BrowserContextOptions): Promise<BrowserContext> {
  await ensureChromium();
  return chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    args: ARGS,
    headless: true,
    ...options,
  });
}

/** Starts the shared Chromium of a test run; its wsEndpoint goes to the test processes. */
export async function launchBrowserServer() {
  await ensureChromium();
  return chromium.launchServer({ executablePath: CHROMIUM, args: TEST_ARGS, headless: true });
}

// The pages open now, so that a failing step can show what each of them looked like.
const openPages = new Set<Page>();

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far (expected API failures excluded). */
  errors: string[];
  close(): Promise<void>;
}

/** A fresh context (no cookies, no storage) and page on the server, in Spanish, downloads allowed. */
export async function openPage(browser: Browser, baseURL: string): Promise<TestPage> {
  const context = await browser.newContext({
    baseURL,
    locale: "es-PE",
    timezoneId: "America/Lima",
    viewport: { width: 1366, height: 860 },
    acceptDownloads: true,
  });
  // Generous: the whole suite keeps both cores busy (four folders side by side), and a report's first load
  // then takes several times what it takes alone; a timeout here says something hangs, not that it is slow.
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    // A failed call logs "Failed to load resource" (e.g. the 401 of /me before sign-in): that is expected.
    if (m.type() === "error" && !/Failed to load resource/.test(m.text())) {
      errors.push(`console: ${m.text()}`);
    }
  });
  openPages.add(page);
  page.on("close", () => openPages.delete(page));
  return { context, page, errors, close: () => context.close() };
}

/** Whether the tests keep their pictures of the screens (TEST_SCREENSHOTS=1); a failure's are always kept. */
const KEEP_SCREENSHOTS = Deno.env.get("TEST_SCREENSHOTS") === "1";

/**
 * Saves a full-page screenshot to tests/output/<name>.png when TEST_SCREENSHOTS=1: pictures to look at, not
 * checks, and each costs the browser a full-page render and PNG encoding (85 of them in a run).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (KEEP_SCREENSHOTS || name.startsWith("FAILED-")) await saveScreenshot(page, name);
}

async function saveScreenshot(page: Page, name: string): Promise<void> {
  await Deno.mkdir(OUTPUT_DIR, { recursive: true });
  await page.screenshot({
    path: new URL(`${name}.png`, OUTPUT_DIR).pathname,
    fullPage: true,
    animations: "disabled",
  });
}

/** A test step that, when it fails, saves a screenshot of every open page as tests/output/FAILED-….png. */
export function step(t: Deno.TestContext, name: string, fn: () => Promise<void>): Promise<boolean> {
  return t.step(name, async () => {
    try {
      await fn();
    } catch (e) {
      const slug = name.replace(/[^\p{L}\p{N}]+/gu, "-").slice(0, 60);
      let i = 0;
      for (const p of openPages) await screenshot(p, `FAILED-${slug}-${++i}`).catch(() => {});
      throw e;
    }
  });
}

/**
 * Clicks a link until the page is at `url`: on a busy machine a click can land before the link's handler is
 * attached, or on a row being re-rendered, and a person would click again (up to three times here).
 */
export async function clickToUrl(page: Page, link: Locator, url: RegExp): Promise<void> {
  for (let i = 0; i < 3 && !url.test(page.url()); i++) {
    await link.click();
    await page.waitForURL(url, { timeout: 15_000 }).catch(() => {});
  }
  if (!url.test(page.url())) {
    throw new Error(`Cannot reach ${url}: still at ${page.url()} after three clicks`);
  }
}

/** Clicks `trigger` until `target` shows (a dialog it opens), for the same reason as clickToUrl. */
export async function clickToShow(trigger: Locator, target: Locator): Promise<void> {
  for (let i = 0; i < 3 && !(await target.isVisible()); i++) {
    await trigger.click();
    await target.waitFor({ timeout: 15_000 }).catch(() => {});
  }
  await target.waitFor({ timeout: 1_000 });
}

/** Fills the login form and submits it. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  if (!/\/auth\/login/.test(page.url())) await page.goto("/auth/login");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Ingresar" }).click();
}

/** Signs in and waits until the app left the login screen for the given path. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, landing?: string) {
  await submitLogin(page, email, password);
  await page.waitForURL((u) => !u.pathname.startsWith("/auth") && (!landing || u.pathname === landing));
  await page.locator(".page-title").first().waitFor();
}

/** Signs out through the user menu ('Cerrar Sesión') and waits for the login screen. */
export async function signOut(page: Page): Promise<void> {
  await page.locator(".user-button").click();
  await page.getByRole("link", { name: "Cerrar Sesión" }).click();
  await page.waitForURL("**/auth/login");
  await page.getByRole("button", { name: "Ingresar" }).waitFor();
}

/**
 * The global dialog with this title ('Alerta de Seguridad', 'Advertencia', 'Error' or 'Información'): waits for
 * it and returns its text.
 */
export async function dialogText(
  page: Page,
  title: "Alerta de Seguridad" | "Advertencia" | "Error" | "Información",
): Promise<string> {
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.waitFor();
  return (await dialog.innerText()).trim();
}

/** Closes the global dialog with 'De acuerdo'. */
export async function acknowledge(page: Page): Promise<void> {
  await page.getByRole("button", { name: "De acuerdo" }).click();
  await page.getByRole("button", { name: "De acuerdo" }).waitFor({ state: "detached" });
}

/** The labels of the side menu's sections, in order. */
export function menuSections(page: Page): Promise<string[]> {
  return page.locator(".side-section-header span").allInnerTexts();
}

/** The link of the newest mail to `to` with that subject, read in the admin's mailbox screen. */
export async function linkFromMailbox(adminPage: Page, to: string, subject: string): Promise<string> {
  await adminPage.goto(`/Admin/Buzon?q=${encodeURIComponent(to)}`);
  // The mail is listed as soon as it is queued (the outbox is delivered every few seconds).
  const row = adminPage.locator("tbody tr", { hasText: subject }).first();
  await row.waitFor();
  await row.getByRole("button", { name: /Ver el correo/ }).click();
  const link = adminPage.getByRole("dialog", { name: subject }).locator("a.mail-link").first();
  const href = await link.getAttribute("href");
  if (!href) throw new Error(`no link in the mail to ${to}`);
  await adminPage.keyboard.press("Escape");
  return href;
}

/** The path and query of a mailed link: the server's PUBLIC_URL host may differ from the test's. */
export function pathOf(href: string): string {
  const u = new URL(href);
  return `${u.pathname}${u.search}`;
}

/** axe-core's own source, put in a page once per document (its npm entry point carries it). */
const AXE_SOURCE = `${(axe as unknown as { source: string }).source}
;axe.configure({ allowedOrigins: ["<same_origin>"] });`;
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * The serious and critical WCAG 2.1 A/AA violations axe finds on the page, one line each. Measured once
 * the page's transitions have ended: a dialog fading in has, for a moment, text of too little contrast.
 *
 * axe runs in the page itself, put there once per document: @axe-core/playwright's AxeBuilder injected its
 * 1.5 MB source again on every call and opened a blank page (a new renderer process) to merge the results,
 * 1 to 1.7 s of browser CPU a check against 0.1 to 0.25 s for the same rules run in place. The portal has no
 * frames, so nothing is left out.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Infinite animations (a spinner, an indeterminate progress bar while a report loads) never end: only the
  // finite ones, such as a dialog fading in, are waited for.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) =>
      a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity
    )
  );
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const result = await run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
  }, WCAG_21_AA);
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.targets.join(", ")}`);
}
