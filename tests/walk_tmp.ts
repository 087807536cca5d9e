import { launchBrowser, openPage, signIn } from "./helpers/browser.ts";
const url = "http://127.0.0.1:8123";
const browser = await launchBrowser();
const shots: [string, string, number, number][] = JSON.parse(Deno.args[0]);
const who = Deno.args[1] ?? "admin@demo.pe";
const { page, context, errors } = await openPage(browser, url);
await signIn(page, who);
for (const [name, path, w, h] of shots) {
  await page.setViewportSize({ width: w, height: h });
  const t0 = performance.now();
  await page.goto(path);
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/walk/${name}.png`, fullPage: false });
  console.log(name, Math.round(performance.now() - t0), "ms");
}
console.log(errors.join("\n"));
await context.close();
await browser.close();
