/**
 * Uploads in the app (docs/API.md "Uploads in the app", "Offlines: files and review"): a 200 MB offline uploaded on
 * an order's page, its connection cut in the middle, the upload going on from where the server has it and
 * finishing with the file's MD5; then the studio rejects it with a reason and approves it, and the move to complete
 * opens only then.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, basic, expectAccessible, signIn } from './support';

const SIZE = 200 * 2 ** 20;

test('a 200 MB offline survives a cut network, then is rejected and approved', async ({ page, request }) => {
  test.setTimeout(300_000);
  const headers = { Authorization: basic(ACCOUNTS.admin), 'X-Range': 'resources=0-199' };
  const rows = (await (await request.get('/api/workrequests?status=in-progress', { headers })).json()) as {
    _id: string;
  }[];
  let id: string | undefined;
  for (const row of rows) {
    const wr = (await (await request.get(`/api/workrequests/${row._id}`, { headers })).json()) as {
      asset?: { workflow?: { requireOfflineApproval?: boolean } };
      offlines?: unknown[];
    };
    if (wr.asset?.workflow?.requireOfflineApproval && (wr.offlines ?? []).length === 0) {
      id = row._id;
      break;
    }
  }
  expect(id, 'an in-progress order requiring offline approval').toBeDefined();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-upload-e2e-'));
  const file = path.join(dir, 'localized 200MB.mp4');
  const piece = Buffer.alloc(2 ** 20);
  const md5 = createHash('md5');
  const out = fs.openSync(file, 'w');
  for (let i = 0; i < SIZE / piece.length; i++) {
    piece.fill(i % 251);
    piece.writeUInt32BE(i, 0);
    fs.writeSync(out, piece);
    md5.update(piece);
  }
  fs.closeSync(out);
  const expected = md5.digest('hex');

  try {
    await signIn(page, ACCOUNTS.admin);
    await page.goto(`/work-requests/${id}`);
    await page.getByText('Change status').click();
    await expect(page.getByRole('button', { name: /Complete/ })).toBeDisabled();
    await expect(page.getByText(/Not yet: this asset's workflow needs an approved offline/)).toBeVisible();
    await page.keyboard.press('Escape');

    // The connection drops in the middle: the third piece's PATCH is cut off. tus-js-client asks the server where it
    // is (HEAD) and goes on from there.
    const methods: string[] = [];
    let patches = 0;
    await page.route(/\/api\/uploads\/[0-9a-f]{24}$/, async (route) => {
      methods.push(route.request().method());
      if (route.request().method() === 'PATCH' && ++patches === 3) return route.abort('internetdisconnected');
      return route.continue();
    });
    await page.getByLabel('Upload offline').setInputFiles(file);
    const upload = page.locator('.upload');
    await expect(upload.getByText('Done')).toBeVisible({ timeout: 180_000 });
    await expect(page.getByText('Waiting for review')).toBeVisible();
    // Resumed, not begun again: after the cut, a HEAD, then PATCHes (no second POST).
    expect(methods.slice(methods.indexOf('PATCH')).filter((m) => m === 'HEAD')).toHaveLength(1);
    expect(methods.indexOf('HEAD')).toBeGreaterThan(2);

    const offlines = (await (await request.get(`/api/offlines?workRequest=${id}`, { headers })).json()) as {
      _id: string;
      file: string;
    }[];
    const made = (await (await request.get(`/api/files/${offlines[0]!.file}`, { headers })).json()) as {
      md5: string;
      length: number;
    };
    expect(made).toMatchObject({ md5: expected, length: SIZE });

    await expectAccessible(page, 'work request with an uploaded offline', '.detail-grid__side');
    await page.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('Say what to fix: the vendor reads it.')).toBeVisible();
    await page.getByLabel(/Reason to reject/).fill('The end card is still in English');
    await page.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('Rejected: The end card is still in English', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.locator('.offline').getByText('Approved')).toBeVisible();

    await page.getByText('Change status').click();
    await expect(page.getByRole('button', { name: /Complete/ })).toBeEnabled();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a material uploaded into its checklist item completes the order’s materials', async ({ page, request }) => {
  const headers = { Authorization: basic(ACCOUNTS.admin), 'X-Range': 'resources=0-0' };
  const [row] = (await (await request.get('/api/workrequests?status=awaiting-materials', { headers })).json()) as {
    _id: string;
  }[];
  expect(row).toBeDefined();
  const set = await request.put(`/api/workrequests/${row!._id}`, {
    headers: { Authorization: basic(ACCOUNTS.admin) },
    data: { materials: [{ name: 'Dialogue list', complete: false }] },
  });
  expect(set.status()).toBe(200);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-material-e2e-'));
  const file = path.join(dir, 'dialogue list.pdf');
  fs.writeFileSync(file, Buffer.from('%PDF-1.4\n% a dialogue list\n'));
  try {
    await signIn(page, ACCOUNTS.admin);
    await page.goto(`/work-requests/${row!._id}`);
    await expect(page.getByText('(0 of 1 complete)')).toBeVisible();
    await page.getByLabel('Upload Dialogue list').setInputFiles(file);
    await expect(page.getByText('(1 of 1 complete)')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Every material is in: the order can move on to “In progress”.')).toBeVisible();
    await expectAccessible(page, 'materials with an uploaded file', '.detail-grid');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
