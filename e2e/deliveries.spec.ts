/**
 * Deliveries and the uploads tray (docs/API.md "Deliveries", "Uploads in the app"): the translator names a format and
 * uploads its file on the order's page, leaves for another page while it goes up — the tray, in the shell, keeps
 * showing it and it finishes, attached by the upload itself — and the requester downloads it from the order's
 * Deliveries, the download recorded. And an upload resumed after a reload: the same user adds the same file again
 * and it goes on from where the server has it (no new upload).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, basic, expectAccessible, goInApp, rowOf, signIn } from './support';

const CLIENT = { username: 'priya.raman@northlight.test', password: 'demo-password' };
const admin = { Authorization: basic(ACCOUNTS.admin) };

/** An order the client places now, started by the studio and assigned to the demo translator. */
async function startedOrder(
  request: APIRequestContext,
  recipients?: Record<string, { name: string; email: string }[]>,
): Promise<{ _id: string; asset: { _id: string } }> {
  const clientAuth = { Authorization: basic(CLIENT), 'X-Range': 'resources=0-49' };
  const mine = (await (await request.get('/api/workrequests', { headers: clientAuth })).json()) as {
    asset: { _id: string; workflow?: { requireOfflineApproval?: boolean } };
    language: string;
    territory: string;
  }[];
  const template = mine[0]!;
  const translator = (await (
    await request.get('/api/users/me', { headers: { Authorization: basic(ACCOUNTS.translator) } })
  ).json()) as { _id: string };
  const placed = await request.post('/api/workrequests', {
    headers: { Authorization: basic(CLIENT) },
    data: {
      asset: template.asset._id,
      language: template.language,
      territory: template.territory,
      dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
      due: { date: Math.floor(Date.now() / 1000) + 10 * 86400, tz: 'Europe/Paris' },
      ...(recipients ? { recipients } : {}),
    },
  });
  expect(placed.status()).toBe(201);
  const id = ((await placed.json()) as { _id: string })._id;
  const started = await request.put(`/api/workrequests/${id}`, {
    headers: admin,
    data: { status: 'in-progress', reason: 'Work starts', assignee: translator._id },
  });
  expect(started.status()).toBe(200);
  return (await started.json()) as { _id: string; asset: { _id: string } };
}

test('a delivery uploaded while the translator moves on, then downloaded by the requester', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const wr = await startedOrder(request);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-delivery-e2e-'));
  const file = path.join(dir, 'final fr.srt');
  const text = '1\n00:00:01,000 --> 00:00:02,000\nBonjour\n\n';
  fs.writeFileSync(file, text);
  try {
    await signIn(page, ACCOUNTS.translator);
    await page.goto(`/work-requests/${wr._id}`);
    const deliveries = page.locator('section', { has: page.getByRole('heading', { name: 'Deliveries' }) });
    await expect(deliveries.getByText('No files delivered yet.')).toBeVisible();
    // The file's bytes wait until the translator has left the page.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/uploads\/[0-9a-f]{24}$/, async (route) => {
      if (route.request().method() === 'PATCH') await held;
      await route.continue();
    });
    await expect(page.getByLabel('Upload delivery file')).toBeDisabled();
    await page.getByLabel('Format').fill('SRT');
    await page.getByLabel('Upload delivery file').setInputFiles(file);
    const tray = page.getByRole('region', { name: 'Uploads' });
    await expect(tray.getByText('final fr.srt')).toBeVisible();
    await expect(tray.getByText('Uploading', { exact: true })).toBeVisible();
    await expectAccessible(page, 'the uploads tray', '.upload-tray');

    await goInApp(page, '/translations');
    await expect(page.getByRole('heading', { name: 'Translations', level: 1 })).toBeVisible();
    await expect(tray.getByText('final fr.srt')).toBeVisible();
    // Folded and unfolded from the keyboard.
    await tray.getByRole('button', { name: /Uploads/ }).focus();
    await page.keyboard.press('Enter');
    await expect(tray.getByRole('button', { name: /Uploads/ })).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    release();
    await expect(tray.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
    // Attached by the upload, though its page was left.
    await expect
      .poll(async () => {
        const wrNow = (await (await request.get(`/api/workrequests/${wr._id}`, { headers: admin })).json()) as {
          files?: { name: string; files: string[] }[];
        };
        return wrNow.files?.find((g) => g.name === 'SRT')?.files.length ?? 0;
      })
      .toBe(1);

    // The requester downloads it from the order's page.
    await page.context().clearCookies();
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
    await signIn(page, CLIENT);
    await page.goto(`/work-requests/${wr._id}`);
    await expect(deliveries.getByText('SRT', { exact: true })).toBeVisible();
    await expectAccessible(page, 'an order with a delivery', '.detail-grid');
    const download = page.waitForEvent('download');
    await deliveries.getByRole('link', { name: /Download final fr\.srt/ }).click();
    const got = await download;
    expect(got.suggestedFilename()).toBe('final fr.srt');
    expect(fs.readFileSync(await got.path(), 'utf8')).toBe(text);
    await expect
      .poll(async () => {
        const records = (await (
          await request.get(`/api/assets/${wr.asset._id}/downloads`, { headers: admin })
        ).json()) as { workRequest?: string; kind: string }[];
        return records.filter((r) => r.workRequest === wr._id && r.kind === 'download').length;
      })
      .toBe(1);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** A file uploaded into the order by the admin through the tus protocol, by hand; its File id. */
async function uploadedByAdmin(request: APIRequestContext, workRequest: string, name: string, bytes: Buffer) {
  const meta = { filename: name, md5: createHash('md5').update(bytes).digest('hex'), workrequest: workRequest };
  const tus = { ...admin, 'Tus-Resumable': '1.0.0' };
  const created = await request.post('/api/uploads', {
    headers: {
      ...tus,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': Object.entries(meta)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(','),
    },
  });
  expect(created.status()).toBe(201);
  const done = await request.patch(created.headers()['location']!, {
    headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    data: bytes,
  });
  expect(done.status()).toBe(204);
  return done.headers()['x-file-id']!;
}

test('a recipient who does not see the order follows the delivery notice and downloads; a removed file stops', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const SAM = ACCOUNTS.harborCoordinator;
  const wr = await startedOrder(request, { Press: [{ name: 'Sam Okafor', email: SAM.username }] });
  const text = '1\n00:00:01,000 --> 00:00:02,000\nHola\n\n';
  const file = await uploadedByAdmin(request, wr._id, 'press es.srt', Buffer.from(text));
  const attached = await request.post(`/api/workrequests/${wr._id}/deliveries`, {
    headers: admin,
    data: { format: 'SRT', file },
  });
  expect(attached.status()).toBe(200);
  const completed = await request.put(`/api/workrequests/${wr._id}`, {
    headers: admin,
    data: { status: 'complete', reason: 'Delivered' },
  });
  expect(completed.status()).toBe(200);
  const notices = (await (
    await request.get('/api/notifications?type=delivery', {
      headers: { Authorization: basic(SAM), 'X-Range': 'resources=0-49' },
    })
  ).json()) as { _id: string; event?: { workRequest?: { _id: string } } }[];
  const notice = notices.find((n) => n.event?.workRequest?._id === wr._id)!;
  expect(notice).toBeTruthy();

  await signIn(page, SAM);
  await goInApp(page, '/notifications?type=delivery');
  await rowOf(page, notice._id).click();
  await expect(page).toHaveURL(new RegExp(`/work-requests/${wr._id}/deliveries$`));
  await expect(page.getByRole('heading', { level: 1, name: /^Deliveries: / })).toBeVisible();
  // Sam may not open the order: no link to it, and nothing to remove.
  await expect(page.getByRole('link', { name: 'Open the order' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await expectAccessible(page, 'the deliveries page of a recipient', '.page');
  const link = await page.getByRole('link', { name: /Download press es\.srt/ }).getAttribute('href');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /Download press es\.srt/ }).click();
  const got = await download;
  expect(got.suggestedFilename()).toBe('press es.srt');
  expect(fs.readFileSync(await got.path(), 'utf8')).toBe(text);

  // The studio takes it back (delivered by mistake): a reason first; then Sam's link stops working.
  await page.context().clearCookies();
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  await signIn(page, ACCOUNTS.admin);
  await page.goto(`/work-requests/${wr._id}/deliveries`);
  await expect(page.getByRole('link', { name: 'Open the order' })).toBeVisible();
  await page.getByRole('button', { name: /Remove press es\.srt/ }).click();
  const dialog = page.getByRole('dialog', { name: /Remove press es\.srt/ });
  await expect(dialog.getByRole('button', { name: 'Remove file' })).toBeDisabled();
  await expectAccessible(page, 'the removal dialog', 'dialog');
  await dialog.getByLabel('Reason (required)').fill('The Castilian cut went to the press by mistake');
  await dialog.getByRole('button', { name: 'Remove file' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('No files are delivered here any more.')).toBeVisible();
  expect((await request.get(link!)).status()).toBe(404);
  await page.getByRole('link', { name: 'Open the order' }).click();
  await expect(page.getByText(/Removed press es\.srt from the SRT delivery/)).toBeVisible();
});

test('an upload resumes after a reload: the same user adds the same file, it goes on where the server has it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const wr = await startedOrder(request);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-resume-e2e-'));
  const file = path.join(dir, 'localized cut.mp4');
  const bytes = Buffer.alloc(20 * 2 ** 20);
  for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32BE(i, i);
  fs.writeFileSync(file, bytes);
  const expected = createHash('md5').update(bytes).digest('hex');
  try {
    await signIn(page, ACCOUNTS.admin);
    await page.goto(`/work-requests/${wr._id}`);
    // The first 8 MiB piece goes; the second never answers: the page is reloaded with it under way.
    let patches = 0;
    let firstDone = () => {};
    const first = new Promise<void>((resolve) => (firstDone = resolve));
    await page.route(/\/api\/uploads\/[0-9a-f]{24}$/, async (route) => {
      if (route.request().method() === 'PATCH' && ++patches >= 2) return; // held until the reload drops it
      await route.continue();
      if (route.request().method() === 'PATCH') firstDone();
    });
    await page.getByLabel('Upload offline').setInputFiles(file);
    await first;
    await expect.poll(() => patches).toBeGreaterThanOrEqual(2);
    await page.unroute(/\/api\/uploads\/[0-9a-f]{24}$/);
    await page.reload();

    const methods: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/uploads')) methods.push(r.method());
    });
    await page.getByLabel('Upload offline').setInputFiles(file);
    const tray = page.getByRole('region', { name: 'Uploads' });
    await expect(tray.getByText('Done', { exact: true })).toBeVisible({ timeout: 120_000 });
    // Resumed: asked where the server is (HEAD), then the rest, no new upload (POST).
    expect(methods).not.toContain('POST');
    expect(methods).toContain('HEAD');
    expect(methods.filter((m) => m === 'PATCH').length).toBeLessThanOrEqual(2);
    await expect(page.getByText('Waiting for review')).toBeVisible();
    const offlines = (await (
      await request.get(`/api/offlines?workRequest=${wr._id}`, { headers: { ...admin, 'X-Range': 'resources=0-9' } })
    ).json()) as { file: string }[];
    const made = (await (await request.get(`/api/files/${offlines[0]!.file}`, { headers: admin })).json()) as {
      md5: string;
      length: number;
    };
    expect(made).toMatchObject({ md5: expected, length: bytes.length });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('an offline compared with the original, a note on a frame, rejected then approved', async ({ page, request }) => {
  test.setTimeout(120_000);
  const wr = await startedOrder(request);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-compare-e2e-'));
  const file = path.join(dir, 'localized spot.webm');
  fs.copyFileSync(path.join(import.meta.dirname, '../server/media/demo/glo-tv-spot-30s.webm'), file);
  try {
    await signIn(page, ACCOUNTS.admin);
    await page.goto(`/work-requests/${wr._id}`);
    await page.getByLabel('Upload offline').setInputFiles(file);
    await expect(page.getByText('Waiting for review')).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: /Compare with original/ }).click();
    const offline = page.getByLabel('Offline localized spot.webm');
    await expect(offline).toBeVisible();
    // Its length known, the position drives both players.
    await expect
      .poll(() => offline.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 30_000 })
      .toBeGreaterThan(2);
    await page.getByLabel('Position in both videos').fill('2');
    await expect(page.getByText('Note at 0:02.000')).toBeVisible();
    await expect.poll(() => offline.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(2, 1);
    await page.getByLabel('Note at 0:02.000').fill('The logo is still in English');
    await page.getByRole('button', { name: 'Add note' }).click();
    const notes = page.getByRole('list', { name: 'Notes on localized spot.webm' });
    await expect(notes.getByText('The logo is still in English')).toBeVisible();
    await expect(notes.getByRole('button', { name: '0:02.000' })).toBeVisible();
    await expectAccessible(page, 'an offline beside the original', '.offline-compare');

    // A note's time seeks both.
    await page.getByLabel('Position in both videos').fill('0');
    await notes.getByRole('button', { name: '0:02.000' }).click();
    await expect(page.getByText('Note at 0:02.000')).toBeVisible();

    await page.getByLabel(/Reason to reject/).fill('The logo at 0:02 is still in English');
    await page.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('Rejected: The logo at 0:02 is still in English', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.locator('.offline').getByText('Approved')).toBeVisible();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
