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
import { uploadWhole } from '../test/support/ingest';

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

test("a project's logo chosen from its studio's pictures: the studio's logo, by keyboard, shown on the project", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const studio = (await apiCall(request, ACCOUNTS.admin, 'PUT', '/studios', { name: `Picture Studio ${stamp}` })).body;
  const thumb = fs.readFileSync(
    path.join(import.meta.dirname, '../server/media/demo/thumbs/AOP_MainTrailer2_thumb.jpg'),
  );
  const studioLogo = await uploadWhole(
    { url: baseURL! },
    thumb,
    `studio mark ${stamp}.jpg`,
    { studio: studio._id as string },
    ACCOUNTS.admin,
  );
  await apiCall(request, ACCOUNTS.admin, 'PUT', '/studios', { ...studio, logo: studioLogo });
  const project = (
    await apiCall(request, ACCOUNTS.admin, 'PUT', '/projects', { name: `Picture Project ${stamp}`, studio: studio._id })
  ).body;

  await signIn(page, ACCOUNTS.admin);
  await page.goto(`/catalog/projects/${project._id as string}`);
  await page.getByRole('button', { name: 'Edit project' }).click();
  const dialog = page.getByRole('dialog');
  const logo = dialog.getByRole('group', { name: 'Logo' });
  await expect(logo.getByText('No logo.')).toBeVisible();
  const choose = logo.getByRole('button', { name: 'Choose from this studio’s pictures' });
  await choose.focus();
  await page.keyboard.press('Enter');
  await expect(choose).toHaveAttribute('aria-expanded', 'true');
  const pictures = logo.getByRole('group', { name: 'This studio’s pictures' });
  const radio = pictures.getByRole('radio', { name: `studio mark ${stamp}.jpg` });
  await expect(radio).toBeVisible();
  await expect(radio).not.toBeChecked();
  // The thumbnail is the picture itself.
  await expect
    .poll(() =>
      pictures
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await page.keyboard.press('Tab');
  await expect(radio).toBeFocused();
  await page.keyboard.press('Space');
  await expect(radio).toBeChecked();
  await expect(logo.getByRole('img', { name: `Logo: studio mark ${stamp}.jpg` })).toBeVisible();
  await expectAccessible(page, "the project dialog with the studio's pictures", 'dialog');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await radio.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`studio-pictures-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await dialog.getByRole('button', { name: 'Save project' }).click();
  await expect(dialog).toHaveCount(0);
  const saved = (await apiCall(request, ACCOUNTS.admin, 'GET', `/projects/${project._id as string}`)).body;
  expect(saved.logo).toBe(studioLogo);
  await expect(page.getByText(`studio mark ${stamp}.jpg`)).toBeVisible();
});
