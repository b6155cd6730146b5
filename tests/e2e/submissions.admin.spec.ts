import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { openSection, ownAddress, signIn, unique } from './staff';

/**
 * Staff moderation of sellers' listings (docs/product.md#submissions): a seller posts and
 * confirms (through the API and the link page), an editor sees it counted on the overview and
 * waiting in Submissions with its photo, approves one as it came, edits another before
 * approving it, and rejects a third with a reason.
 */

/** A seller posts a listing with one photo and confirms it through the e-mailed link's page. */
async function postAndConfirm(request: APIRequestContext, page: Page, title: string) {
  const email = `${unique('seller')}@example.com`;
  const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#0e7490' } })
    .jpeg()
    .toBuffer();
  const posted = await request.post('/api/submissions', {
    multipart: {
      data: JSON.stringify({
        category: 'product',
        subcategory: 'phones',
        title,
        description: 'Posted by its seller.',
        price: 12_500,
        whatsapp_number: '0712 345 678',
        product_condition: 'used',
        seller_name: 'Hodan Seller',
        seller_email: email,
        consent: true,
      }),
      images: { name: 'phone.jpg', mimeType: 'image/jpeg', buffer: photo },
    },
    headers: ownAddress(),
  });
  expect(posted.status(), await posted.text()).toBe(202);
  // The confirmation waits in the outbox (the e2e server sends no mail): its link, as the seller gets it.
  const outbox = await page.request.get(`/api/admin/mail?recipient=${encodeURIComponent(email)}`);
  const [message] = (await outbox.json()).items as { id: string }[];
  const detail = await (await page.request.get(`/api/admin/mail/${message?.id}`)).json();
  const link = /https?:\/\/[^/\s]+(\/sell\/confirm\?token=[\w-]+&lang=en)/.exec(detail.text)?.[1];
  expect(link, detail.text).toBeTruthy();
  const seller = await page.context().browser()?.newContext({ javaScriptEnabled: false });
  const sellerPage = await seller?.newPage();
  await sellerPage?.goto(link as string);
  await sellerPage?.getByRole('button', { name: 'Confirm my listing' }).click();
  await expect(sellerPage?.getByRole('status') as ReturnType<Page['getByRole']>).toContainText(
    'Thank you: your listing is confirmed.',
  );
  await seller?.close();
}

test('editors approve, edit then approve, and reject sellers’ listings', async ({ page, request }) => {
  test.setTimeout(90_000);
  const stamp = unique('sub');
  // The outbox is for admins: read the links as demo-admin, then moderate as the editor.
  await signIn(page, 'admin');
  await postAndConfirm(request, page, `Approve me ${stamp}`);
  await postAndConfirm(request, page, `Edit me ${stamp}`);
  await postAndConfirm(request, page, `Reject me ${stamp}`);
  await page.context().clearCookies();

  await signIn(page, 'editor');
  const card = page.getByRole('region', { name: 'Sellers’ listings waiting' });
  await expect(card).toBeVisible();
  await expect(card.locator('p')).toHaveText(/^[\d,]+$/);
  expect(Number((await card.locator('p').innerText()).replace(/\D/g, ''))).toBeGreaterThanOrEqual(3);
  await openSection(page, 'Submissions');
  await expect(page.getByRole('heading', { name: 'Sellers’ listings' })).toBeVisible();

  const approve = page.getByRole('listitem', { name: `Approve me ${stamp}` });
  await expect(approve.getByRole('img', { name: `Approve me ${stamp} 1` })).toBeVisible();
  await expect(approve).toContainText('From Hodan Seller');
  await approve.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(approve).toHaveCount(0);

  const edit = page.getByRole('listitem', { name: `Edit me ${stamp}` });
  await edit.getByRole('button', { name: 'Edit, then approve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit the seller’s listing, then approve it' });
  await dialog.getByLabel('Title', { exact: false }).first().fill(`Edited by staff ${stamp}`);
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(edit).toHaveCount(0);

  const reject = page.getByRole('listitem', { name: `Reject me ${stamp}` });
  await reject.getByRole('button', { name: 'Reject', exact: true }).click();
  await reject.getByLabel('Reason the seller will read').fill('Please add a photo of the phone itself.');
  await reject.getByRole('button', { name: 'Reject and tell the seller' }).click();
  await expect(reject).toHaveCount(0);

  await page.getByLabel('Show').selectOption('rejected');
  await expect(page.getByRole('listitem', { name: `Reject me ${stamp}` })).toContainText(
    'Reason: Please add a photo of the phone itself.',
  );
  await page.getByLabel('Show').selectOption('approved');
  const approved = page.getByRole('listitem', { name: `Approve me ${stamp}` });
  await expect(approved).toContainText('The seller can edit, renew and mark it sold through their link.');
  // Staff turn the seller's own link off, after a second look.
  await approved.getByRole('button', { name: 'Turn off the seller’s link' }).click();
  await expect(approved).toContainText('Turn off the seller’s link? They can no longer');
  await approved.getByRole('button', { name: 'Turn off the seller’s link' }).click();
  await expect(approved).toContainText('Seller’s link turned off');
  // The queue keeps what the seller sent; the listing is what staff approved.
  await expect(page.getByRole('listitem', { name: `Edit me ${stamp}` })).toBeVisible();

  // Live on the site, as approved and as edited.
  await page.goto(`/marketplace?q=${encodeURIComponent(stamp)}`);
  await expect(page.getByText(`Approve me ${stamp}`)).toBeVisible();
  await expect(page.getByText(`Edited by staff ${stamp}`)).toBeVisible();
  await expect(page.getByText(`Reject me ${stamp}`)).toHaveCount(0);
});
