/**
 * A studio's logo picked as a picture (docs/API.md "Uploads": the `studio` target): the edit dialog refuses a file
 * that is no picture, in words, before sending anything; a JPEG goes up, shows as the logo, and is saved as the
 * studio's `logo`. axe-core on the dialog.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiCall, expectAccessible, signIn } from './support';

test("a studio's logo: a wrong file is refused in words, a picture goes up, shows and is saved", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Logo Studio ${Date.now()}`;
  const studio = (await apiCall(request, ACCOUNTS.admin, 'PUT', '/studios', { name })).body;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-logo-e2e-'));
  const wrong = path.join(dir, 'brand guide.pdf');
  fs.writeFileSync(wrong, '%PDF-1.4\n');
  const picture = path.join(dir, 'logo.jpg');
  fs.copyFileSync(path.join(import.meta.dirname, '../server/media/demo/thumbs/AOP_MainTrailer2_thumb.jpg'), picture);
  try {
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/catalog/studios');
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog');
    const logo = dialog.getByRole('group', { name: 'Logo' });
    await expect(logo.getByText('No logo.')).toBeVisible();
    await expect(dialog.getByLabel(/Logo \(file id\)/)).toHaveCount(0);

    await logo.getByLabel('Upload a picture').setInputFiles(wrong);
    await expect(logo.getByRole('alert')).toHaveText(
      'a logo is a PNG, JPEG, WebP or GIF picture; “brand guide.pdf” is a .pdf file',
    );
    await logo.getByLabel('Upload a picture').setInputFiles(picture);
    const preview = logo.getByRole('img', { name: 'Logo: logo.jpg' });
    await expect(preview).toBeVisible({ timeout: 60_000 });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(logo.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page, 'the studio dialog with its logo', 'dialog');
    await dialog.getByRole('button', { name: 'Save studio' }).click();
    await expect(dialog).toHaveCount(0);
    const saved = (await apiCall(request, ACCOUNTS.admin, 'GET', `/studios/${studio._id as string}`)).body;
    const file = (await apiCall(request, ACCOUNTS.admin, 'GET', `/files/${saved.logo as string}`)).body;
    expect(file).toMatchObject({ name: 'logo.jpg', mime: 'image/jpeg', studio: studio._id });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
