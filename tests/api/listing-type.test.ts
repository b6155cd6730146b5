import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { migrate, migrationNames } from '../../src/server/db/migrate';
import { projectPath } from '../../src/server/lib/project-path';
import { multipart, signedInAs, validProduct } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { openTestDatabase, testDatabaseKind } from '../support/test-database';

const MIGRATIONS = projectPath('src/server/db/migrations');

describe(`migration 005_listing_type: properties for sale or for rent (${testDatabaseKind()})`, () => {
  let db: Database;
  let before: string;
  beforeAll(async () => {
    db = await openTestDatabase({ migrated: false });
    // The schema as it was before 005_listing_type, with properties listed then.
    before = mkdtempSync(path.join(tmpdir(), 'sdh-migrations-'));
    for (const file of migrationNames().filter((f) => f < '005_listing_type.sql')) {
      copyFileSync(path.join(MIGRATIONS, file), path.join(before, file));
    }
    await migrate(db, before);
  });
  afterAll(async () => {
    await db.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('gives existing properties sensible values and then holds every listing to the rule', async () => {
    const insert = (category: string, subcategory: string, title: string, description: string) =>
      db.query(
        `INSERT INTO listings (category, subcategory, title, description, price, whatsapp_number, location)
         VALUES ($1, $2, $3, $4, 1000, '0712345678', 'Karen')`,
        [category, subcategory, title, description],
      );
    await insert('property', 'apartment', '2-Bedroom Apartment to Let in Kilimani', 'Lift and parking.');
    await insert('property', 'shop', 'Corner Shop in Garissa', 'Monthly rent, negotiable.');
    await insert('property', 'apartment', '3-Bedroom Apartment for Sale', 'Service charge KES 12,000 per month.');
    await insert('property', 'land', 'Plot in Kitengela', 'Ready title.');
    await insert('product', 'phones', 'Phone to let go cheaply', 'Used.');
    await migrate(db);

    const { rows } = await db.query<{ title: string; listing_type: string | null; rent_period: string | null }>(
      'SELECT title, listing_type, rent_period FROM listings ORDER BY title',
    );
    expect(rows.map((r) => [r.title, r.listing_type, r.rent_period])).toEqual([
      ['2-Bedroom Apartment to Let in Kilimani', 'rent', 'month'],
      ['3-Bedroom Apartment for Sale', 'sale', null],
      ['Corner Shop in Garissa', 'rent', 'month'],
      ['Phone to let go cheaply', null, null],
      ['Plot in Kitengela', 'sale', null],
    ]);

    const refused = async (values: string) => {
      const attempt = db.query(
        `INSERT INTO listings (category, subcategory, title, description, price, whatsapp_number, listing_type, rent_period)
         VALUES ${values}`,
      );
      await expect(attempt).rejects.toThrow(/listing_type|rent_period|check constraint/i);
    };
    await refused(`('property', 'land', 'No type', 'd', 1, '0712345678', NULL, NULL)`);
    await refused(`('property', 'land', 'Rent without period', 'd', 1, '0712345678', 'rent', NULL)`);
    await refused(`('property', 'land', 'Sale with period', 'd', 1, '0712345678', 'sale', 'month')`);
    await refused(`('product', 'phones', 'Product to rent', 'd', 1, '0712345678', 'rent', 'month')`);
    await refused(`('property', 'land', 'Swap', 'd', 1, '0712345678', 'swap', NULL)`);
  });
});

describe(`staff say whether a property is for sale or for rent (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signedInAs(t, 'editor')).cookie;
  });
  afterAll(() => t.close());

  const create = (data: unknown) => {
    const body = multipart(data);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/listings',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
  };
  const property = {
    ...validProduct,
    category: 'property',
    subcategory: 'apartment',
    location: 'Kilimani',
    product_condition: undefined,
  };

  it('requires sale or rent for a property, and a rent its period, naming every missing field', async () => {
    const none = await create(property);
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ listing_type: 'Choose For sale or For rent' });
    const rent = await create({ ...property, listing_type: 'rent' });
    expect(rent.json().fields).toEqual({ rent_period: 'Choose per month or per year' });
    const empty = await create({ category: 'property', subcategory: 'apartment' });
    expect(Object.keys(empty.json().fields).sort()).toEqual(
      ['description', 'listing_type', 'location', 'price', 'title', 'whatsapp_number'].sort(),
    );
  });

  it('stores the type and period, and the real-estate filter finds them', async () => {
    const yearly = await create({
      ...property,
      title: 'Shop to let yearly',
      listing_type: 'rent',
      rent_period: 'year',
    });
    expect(yearly.statusCode, yearly.body).toBe(201);
    expect(yearly.json()).toMatchObject({ listing_type: 'rent', rent_period: 'year' });
    const sale = await create({ ...property, title: 'Flat for sale', listing_type: 'sale', rent_period: 'month' });
    expect(sale.json()).toMatchObject({ listing_type: 'sale', rent_period: null });
    const product = await create({ ...validProduct, listing_type: 'rent', rent_period: 'month' });
    expect(product.json()).toMatchObject({ listing_type: null, rent_period: null });

    const titles = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/listings?category=property${query}` }))
        .json()
        .items.map((l: { title: string }) => l.title);
    expect(await titles('&listingType=rent')).toEqual(['Shop to let yearly']);
    expect(await titles('&listingType=sale')).toEqual(['Flat for sale']);
    expect((await titles('')).sort()).toEqual(['Flat for sale', 'Shop to let yearly']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/listings?category=product&listingType=rent' });
    expect(bad.statusCode).toBe(400);
  });
});
