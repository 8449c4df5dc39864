/** Right-to-left languages display and edit right-to-left; the original stays left-to-right. */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiList, signIn } from './support';

test('an Arabic translation edits right-to-left beside its English original', async ({ page, request }) => {
  const { items } = await apiList<{ _id: string; language?: string; translation?: { _id?: string } }>(
    request,
    ACCOUNTS.coordinator,
    '/workrequests?language=ar-SA',
    'resources=0-9',
  );
  const wr = items.find((w) => w.translation?._id);
  expect(wr, 'a seeded ar-SA work request with a translation').toBeDefined();
  await signIn(page, ACCOUNTS.coordinator, { path: `/work-requests/${wr!._id}/translation` });
  const first = page.getByRole('textbox', { name: 'Translation of line 1', exact: true });
  await expect(first).toBeVisible();
  await expect(first).toHaveAttribute('dir', 'rtl');
  const original = page.locator('[role="row"][data-line="1"] .original-text');
  await expect(original).not.toHaveAttribute('dir', 'rtl');
  // Typing goes in as typed, punctuation included, and is laid out from the right.
  await first.fill('مرحبا، كيف حالك؟');
  await expect(first).toHaveValue('مرحبا، كيف حالك؟');
  const align = await first.evaluate((el) => getComputedStyle(el).direction);
  expect(align).toBe('rtl');
});
