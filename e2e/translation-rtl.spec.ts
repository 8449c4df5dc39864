/** Right-to-left languages display and edit right-to-left; the original stays left-to-right. */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, placeOrder, signIn } from './support';

test('an Arabic translation edits right-to-left beside its English original', async ({ page, request }) => {
  // An order of its own: the newest ar-SA work request may be another spec's (the memory spec places some), and typing
  // here saves into it.
  const wr = (await placeOrder(request, 'Right-to-left e2e', 'ar-SA')) as {
    _id: string;
    translation?: { _id?: string };
  };
  expect(wr.translation?._id, 'an ar-SA order with a translation').toBeTruthy();
  await signIn(page, ACCOUNTS.coordinator, { path: `/work-requests/${wr._id}/translation` });
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
