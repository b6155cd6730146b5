import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { hashPassword } from '../../src/server/modules/staff/password';
import { staffRepository } from '../../src/server/modules/staff/repository';
import type { ObjectStorage } from '../../src/server/storage/object-storage';
import type { Role } from '../../src/shared/permissions';
import { createTestApp, type TestApp } from './test-app';

export const TEST_PASSWORD = 'test-password-123';
let testHash: Promise<string> | undefined;

/**
 * Creates a staff account and signs it in; returns the Cookie header value to send. These
 * accounts share one password, hashed once per test file (scrypt is slow on purpose).
 */
export async function signedInAs(
  t: Pick<TestApp<ObjectStorage>, 'app' | 'db'>,
  role: Role,
  username = `${role}-${Math.random().toString(36).slice(2, 8)}`,
) {
  const password = TEST_PASSWORD;
  testHash ??= hashPassword(password);
  await staffRepository(t.db).create({ username, passwordHash: await testHash, role });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { username, password },
    headers: { 'x-forwarded-for': `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'sdh_session');
  if (!cookie) throw new Error('no session cookie');
  return { cookie: `sdh_session=${cookie.value}`, username, password };
}

/** A strong password (by the new-password rule) for accounts tests make. */
export const STRONG_PASSWORD = 'mango-river-1987-x';

/**
 * A test app with a signed-in admin, and `call` to send JSON as them (or as `cookie`),
 * from `remoteAddress`; build it in beforeAll and close it in afterAll.
 */
export async function appWithAdmin(remoteAddress = '127.0.0.1') {
  const t = await createTestApp();
  const admin = await signedInAs(t, 'admin');
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    cookie = admin.cookie,
  ) => t.app.inject({ method, url, payload, headers: { cookie }, remoteAddress });
  return { t, admin: admin.cookie, adminName: admin.username, call };
}

export interface MultipartFile {
  name?: string;
  filename: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data body with a `data` JSON field and image files, built by hand. */
export function multipart(data: unknown, files: MultipartFile[] = [], rawData?: string) {
  const boundary = `----sdhtest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  const push = (s: string) => chunks.push(Buffer.from(s));
  push(`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n`);
  push(rawData ?? JSON.stringify(data));
  push('\r\n');
  for (const file of files) {
    push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'images'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'image/jpeg'}\r\n\r\n`,
    );
    chunks.push(file.data);
    push('\r\n');
  }
  push(`--${boundary}--\r\n`);
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A form with files as a browser posts it without script: each field its own part. */
export function formMultipart(fields: Record<string, string>, files: MultipartFile[] = []) {
  const boundary = `----sdhform${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  const push = (s: string) => chunks.push(Buffer.from(s));
  for (const [name, value] of Object.entries(fields)) {
    push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  for (const file of files) {
    push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'images'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'image/jpeg'}\r\n\r\n`,
    );
    chunks.push(file.data);
    push('\r\n');
  }
  push(`--${boundary}--\r\n`);
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A staff member with `cookie` posts a product (`title` if given) with one small photo. */
export async function postListingWithPhoto(t: TestApp<ObjectStorage>, cookie: string, title?: string) {
  const body = multipart({ ...validProduct, ...(title ? { title } : {}) }, [
    { filename: 'phone.jpg', data: await smallJpeg() },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/listings',
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}

let jpeg: Promise<Buffer> | undefined;
/** A 32 × 24 JPEG, made once. */
function smallJpeg(): Promise<Buffer> {
  jpeg ??= sharp({ create: { width: 32, height: 24, channels: 3, background: '#1d4ed8' } })
    .jpeg()
    .toBuffer();
  return jpeg;
}

export const validProduct = {
  category: 'product',
  subcategory: 'phones',
  title: 'Samsung Galaxy A54',
  description: 'Barely used, with charger.',
  price: 35000,
  whatsapp_number: '0712 345 678',
  product_condition: 'used',
};
export const validProperty = {
  category: 'property',
  subcategory: 'apartment',
  title: 'Two-bedroom flat in Kilimani',
  description: 'Sunny, secure, near shops.',
  price: 9_500_000,
  location: 'Kilimani',
  whatsapp_number: '0712 345 678',
  bedrooms: 2,
  bathrooms: 1,
  property_type: 'apartment',
};
export const validBusiness = {
  category: 'business',
  subcategory: 'retail',
  title: 'Corner shop in Eastleigh',
  description: 'Stocked and trading.',
  price: 1_500_000,
  location: 'Eastleigh',
  whatsapp_number: '0712 345 678',
  business_type: 'Retail shop',
};
export const validVisa = {
  category: 'visa',
  subcategory: 'tourist',
  title: 'UK visitor visa help',
  description: 'Forms and appointment.',
  price: 15_000,
  whatsapp_number: '0712 345 678',
  country: 'UK',
  visa_type: 'Visitor',
  processing_time: '3 weeks',
  requirements: 'Passport\nBank statements',
};
/** One valid listing of each category. */
export const VALID_LISTINGS = [validProduct, validProperty, validBusiness, validVisa];

/** Every file under a folder, as paths. */
export function storedFiles(root: string): string[] {
  const walk = (dir: string): string[] => {
    try {
      return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
      );
    } catch {
      return [];
    }
  };
  return walk(root);
}
