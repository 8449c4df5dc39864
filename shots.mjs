import { chromium } from '@playwright/test';
const base = 'http://localhost:4790';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--no-first-run'] });
async function signIn(page, u, p) {
  await page.goto(base + '/sign-in');
  await page.getByLabel(/e-?mail|user/i).first().fill(u);
  await page.getByLabel(/password/i).fill(p);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForTimeout(1500);
}
const shots = JSON.parse(process.argv[2]);
for (const s of shots) {
  const ctx = await browser.newContext({ viewport: { width: s.w ?? 1280, height: s.h ?? 900 } });
  const page = await ctx.newPage();
  await signIn(page, s.u, s.p);
  await page.goto(base + s.url);
  await page.waitForTimeout(s.wait ?? 2500);
  if (s.click) { for (const c of s.click) { await page.getByRole(c[0], { name: c[1] }).first().click(); await page.waitForTimeout(1500); } }
  await page.screenshot({ path: `/tmp/shots/${s.name}.png`, fullPage: !!s.full });
  console.log('shot', s.name, page.url());
  await ctx.close();
}
await browser.close();
