import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '../../src/server/modules/staff/service';
import { totpCodeAt } from '../../src/server/modules/two-factor/totp';
import type { AuditEntry } from '../../src/shared/audit';
import { blogCover, newBlogPost } from '../support/blog-posts';
import {
  appWithAdmin,
  multipart,
  STRONG_PASSWORD,
  signedInAs,
  storedFiles,
  TEST_PASSWORD,
  validProduct,
} from '../support/staff';
import type { TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

describe(`audit log (${testDatabaseKind()})`, () => {
  const ADMIN_ADDRESS = '192.0.2.7';
  let t: TestApp;
  let admin: string;
  let adminName: string;
  let call: Awaited<ReturnType<typeof appWithAdmin>>['call'];
  beforeAll(async () => {
    ({ t, admin, adminName, call } = await appWithAdmin(ADMIN_ADDRESS));
  }, 120_000);
  afterAll(() => t.close());

  const entries = async (query = ''): Promise<AuditEntry[]> => {
    const response = await call('GET', `/api/admin/audit?limit=100${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().items;
  };
  const latest = async (action: string) => (await entries(`&action=${action}`))[0];
  const newListing = async (title: string, active = true) => {
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO listings (category, subcategory, title, description, price, whatsapp_number, is_active)
       VALUES ('product', 'phones', $1, 'Nice', 100, '0712345678', $2) RETURNING id`,
      [title, active],
    );
    return rows[0]?.id as string;
  };

  it('records sign-in, failed sign-in (with the name tried) and sign-out', async () => {
    await createStaffUser(t.db, { username: 'auditee', password: STRONG_PASSWORD, role: 'viewer' });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { username: 'auditee', password: STRONG_PASSWORD },
      remoteAddress: '192.0.2.50',
    });
    const cookie = `sdh_session=${ok.cookies.find((c) => c.name === 'sdh_session')?.value}`;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { username: 'auditee', password: 'wrong-password' },
      remoteAddress: '192.0.2.51',
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { username: 'No-Such-Person', password: 'wrong-password' },
      remoteAddress: '192.0.2.52',
    });
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie }, remoteAddress: '192.0.2.50' });

    const signIn = await latest('auth.sign-in');
    expect(signIn).toMatchObject({
      actorUsername: 'auditee',
      actorId: expect.any(String),
      address: '192.0.2.50',
      entity: { type: 'staff', title: 'auditee' },
    });
    expect(Date.now() - Date.parse(signIn?.at as string)).toBeLessThan(60_000);
    const failures = await entries('&action=auth.sign-in-failed');
    expect(failures.slice(0, 2)).toMatchObject([
      { actorUsername: 'no-such-person', actorId: null, address: '192.0.2.52', changes: { reason: 'unknown user' } },
      {
        actorUsername: 'auditee',
        actorId: signIn?.actorId,
        address: '192.0.2.51',
        changes: { reason: 'wrong password' },
      },
    ]);
    expect(await latest('auth.sign-out')).toMatchObject({ actorUsername: 'auditee', address: '192.0.2.50' });
    // The person filter finds their entries, and only theirs.
    const theirs = await entries(`&actor=${signIn?.actorId}`);
    expect(new Set(theirs.map((e) => e.action))).toEqual(
      new Set(['auth.sign-in', 'auth.sign-in-failed', 'auth.sign-out']),
    );
  }, 60_000);

  it('records listing changes with the changed fields, before and after', async () => {
    const form = multipart(validProduct);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/admin/listings',
      payload: form.payload,
      headers: { ...form.headers, cookie: admin },
    });
    expect(create.statusCode).toBe(201);
    const id = create.json().id;
    expect(await latest('listing.create')).toMatchObject({
      actorUsername: adminName,
      entity: { type: 'listing', id, title: validProduct.title },
      changes: { title: { from: null, to: validProduct.title }, price: { from: null, to: 35000 } },
    });

    const edit = multipart({ ...validProduct, title: 'Samsung Galaxy A55', price: 36000 });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/listings/${id}`,
      payload: edit.payload,
      headers: { ...edit.headers, cookie: admin },
    });
    expect(put.statusCode).toBe(200);
    expect((await latest('listing.update'))?.changes).toEqual({
      title: { from: validProduct.title, to: 'Samsung Galaxy A55' },
      price: { from: 35000, to: 36000 },
    });

    await call('PATCH', `/api/admin/listings/${id}/status`, { is_active: false });
    expect(await latest('listing.status')).toMatchObject({
      entity: { id, title: 'Samsung Galaxy A55' },
      changes: { is_active: { from: true, to: false } },
    });

    const a = await newListing('Bulk A');
    const b = await newListing('Bulk B', false);
    await call('POST', '/api/admin/listings/bulk-status', { ids: [a, b], is_active: false });
    const bulk = (await entries('&action=listing.status')).slice(0, 2);
    expect(bulk.map((e) => e.entity?.title).sort()).toEqual(['Bulk A', 'Bulk B']);
    expect(bulk.find((e) => e.entity?.title === 'Bulk A')?.changes).toEqual({ is_active: { from: true, to: false } });
    expect(bulk.find((e) => e.entity?.title === 'Bulk B')?.changes).toBeNull();

    await call('POST', '/api/admin/listings/bulk-delete', { ids: [a, b] });
    await call('DELETE', `/api/admin/listings/${id}`);
    const deletes = (await entries('&action=listing.delete')).slice(0, 3);
    expect(deletes.map((e) => e.entity?.title).sort()).toEqual(['Bulk A', 'Bulk B', 'Samsung Galaxy A55']);
  }, 60_000);

  it('records inquiry status, own settings and own password (never the password)', async () => {
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO inquiries (name, email, subject, message) VALUES ('A', 'a@b.co', 'Baati order', 'Hello there!') RETURNING id`,
    );
    await call('PATCH', `/api/admin/inquiries/${rows[0]?.id}`, { status: 'converted' });
    expect(await latest('inquiry.status')).toMatchObject({
      entity: { type: 'inquiry', title: 'Baati order' },
      changes: { status: { from: 'new', to: 'converted' } },
    });
    await call('PUT', '/api/admin/settings', { theme: 'dark', notifications: true });
    expect((await latest('account.settings'))?.changes).toEqual({ theme: { from: 'light', to: 'dark' } });

    const { cookie, password } = await signedInAs(t, 'viewer');
    const changed = await call(
      'PUT',
      '/api/admin/account/password',
      { currentPassword: password, newPassword: STRONG_PASSWORD },
      cookie,
    );
    expect(changed.statusCode).toBe(204);
    expect(await latest('account.password')).toMatchObject({ changes: null });
    const everything = JSON.stringify(await entries());
    expect(everything).not.toContain(STRONG_PASSWORD);
    expect(everything).not.toContain(password);
  }, 60_000);

  it('records staff changes and two-factor changes', async () => {
    const created = await call('POST', '/api/admin/staff', {
      username: 'new-hire',
      name: 'New Hire',
      role: 'viewer',
      setup: 'link',
    });
    const memberId = created.json().member.id;
    const token = new URL(created.json().link.url).searchParams.get('token') as string;
    expect(await latest('staff.create')).toMatchObject({
      actorUsername: adminName,
      entity: { type: 'staff', id: memberId, title: 'new-hire' },
      changes: { role: { from: null, to: 'viewer' }, setup: 'link' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token, password: STRONG_PASSWORD },
    });
    expect(await latest('staff.password-set')).toMatchObject({ actorId: memberId, actorUsername: 'new-hire' });
    await call('PATCH', `/api/admin/staff/${memberId}`, { role: 'editor' });
    expect((await latest('staff.role'))?.changes).toEqual({ role: { from: 'viewer', to: 'editor' } });
    await call('PATCH', `/api/admin/staff/${memberId}`, { is_disabled: true });
    expect((await latest('staff.disable'))?.changes).toEqual({ is_disabled: { from: false, to: true } });
    await call('PATCH', `/api/admin/staff/${memberId}`, { is_disabled: false });
    expect(await latest('staff.enable')).toMatchObject({ entity: { id: memberId } });
    await call('POST', `/api/admin/staff/${memberId}/password-link`);
    expect(await latest('staff.password-link')).toMatchObject({ entity: { id: memberId } });

    const setup = (await call('POST', '/api/admin/account/two-factor/setup', { password: TEST_PASSWORD })).json();
    await call('POST', '/api/admin/account/two-factor/confirm', { code: totpCodeAt(setup.secret, Date.now()) });
    expect(await latest('account.two-factor-on')).toMatchObject({ actorUsername: adminName });
    const everything = JSON.stringify(await entries());
    expect(everything).not.toContain(setup.secret);
    expect(everything).not.toContain(token);
  }, 60_000);

  /** A blog post's form (JSON and an optional cover), as the admin, from their address. */
  const sendPost = (method: 'POST' | 'PUT', url: string, data: unknown, withCover?: Buffer) => {
    const form = multipart(data, withCover ? [{ name: 'cover', filename: 'cover.jpg', data: withCover }] : []);
    return t.app.inject({
      method,
      url,
      payload: form.payload,
      headers: { ...form.headers, cookie: admin },
      remoteAddress: ADMIN_ADDRESS,
    });
  };
  /** Who, when and from where: the signed-in admin, just now, from their address. */
  const byAdminNow = (entry: AuditEntry | undefined) => {
    expect(entry).toMatchObject({ actorUsername: adminName, actorId: expect.any(String), address: ADMIN_ADDRESS });
    expect(Date.now() - Date.parse(entry?.at as string)).toBeLessThan(60_000);
  };

  it('records blog changes: create, edit (before → after, the cover too), publish, schedule, unpublish, delete', async () => {
    const data = newBlogPost({ title: 'Remittance fees compared' });
    const created = await sendPost('POST', '/api/admin/blog/posts', data);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const entity = { type: 'blog-post', id: String(id), title: 'Remittance fees compared' };
    const create = await latest('blog.create');
    byAdminNow(create);
    expect(create).toMatchObject({
      entity,
      changes: {
        title: { from: null, to: data.title },
        slug: { from: null, to: data.slug },
        category: { to: 'Finance' },
      },
    });

    const edited = await sendPost(
      'PUT',
      `/api/admin/blog/posts/${id}`,
      { ...data, title: 'Remittance fees, compared', excerpt: 'Fees and rates, side by side.' },
      await blogCover(),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const coverUrl = edited.json().imageUrl;
    const update = await latest('blog.update');
    byAdminNow(update);
    expect(update?.entity).toEqual({ ...entity, title: 'Remittance fees, compared' });
    expect(update?.changes).toEqual({
      title: { from: 'Remittance fees compared', to: 'Remittance fees, compared' },
      excerpt: { from: data.excerpt, to: 'Fees and rates, side by side.' },
      imageUrl: { from: null, to: coverUrl },
    });
    // Taking the cover off is a change of its own.
    await sendPost('PUT', `/api/admin/blog/posts/${id}`, {
      ...data,
      title: 'Remittance fees, compared',
      excerpt: 'Fees and rates, side by side.',
      removeCover: true,
    });
    expect((await latest('blog.update'))?.changes).toEqual({ imageUrl: { from: coverUrl, to: null } });

    const published = await call('POST', `/api/admin/blog/posts/${id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    const publish = await latest('blog.publish');
    byAdminNow(publish);
    expect(publish?.changes).toEqual({
      state: { from: 'draft', to: 'published' },
      publishedAt: { from: null, to: published.json().publishedAt },
    });

    const publishAt = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    expect((await call('POST', `/api/admin/blog/posts/${id}/schedule`, { publishAt })).statusCode).toBe(200);
    expect((await latest('blog.schedule'))?.changes).toEqual({
      state: { from: 'published', to: 'scheduled' },
      publishedAt: { from: published.json().publishedAt, to: publishAt },
    });
    expect((await call('POST', `/api/admin/blog/posts/${id}/unpublish`)).statusCode).toBe(200);
    expect((await latest('blog.unpublish'))?.changes).toEqual({
      state: { from: 'scheduled', to: 'draft' },
      publishedAt: { from: publishAt, to: null },
    });

    expect((await call('DELETE', `/api/admin/blog/posts/${id}`)).statusCode).toBe(204);
    const deleted = await latest('blog.delete');
    byAdminNow(deleted);
    expect(deleted).toMatchObject({ entity: { ...entity, title: 'Remittance fees, compared' }, changes: null });
    // Every step, newest first, under the post's id.
    const trail = (await entries()).filter((e) => e.entity?.type === 'blog-post' && e.entity.id === String(id));
    expect(trail.map((e) => e.action)).toEqual([
      'blog.delete',
      'blog.unpublish',
      'blog.schedule',
      'blog.publish',
      'blog.update',
      'blog.update',
      'blog.create',
    ]);
  }, 60_000);

  it('records site settings changes, field by field, before → after', async () => {
    const current = (await call('GET', '/api/admin/site-settings')).json().settings;
    const saved = await call('PUT', '/api/admin/site-settings', {
      ...current,
      whatsappNumber: '0799 111 222',
      social: { ...current.social, facebook: 'https://facebook.com/sdhub' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const entry = await latest('site-settings.update');
    byAdminNow(entry);
    expect(entry).toMatchObject({ entity: { type: 'settings', id: 'site', title: 'Site settings' } });
    expect(entry?.changes).toEqual({
      whatsappNumber: { from: current.whatsappNumber, to: '254799111222' },
      'social.facebook': { from: current.social.facebook, to: 'https://facebook.com/sdhub' },
    });
    // The export carries the same: who, from where, what, and the changes as JSON.
    const csv = await call('GET', '/api/admin/audit/export?action=site-settings.update');
    const [header, row] = csv.body.trim().split('\r\n');
    expect(header).toBe('at,username,user_id,address,action,entity_type,entity_id,entity_title,changes');
    expect(row).toContain(`,${adminName},${entry?.actorId},${ADMIN_ADDRESS},site-settings.update,settings,site,`);
    const changes = row?.slice(row.indexOf(',"{') + 2, -1).replaceAll('""', '"');
    expect(JSON.parse(changes as string)).toEqual(entry?.changes);
  });

  it('records a change to the blocked words, the list before → after', async () => {
    const current = (await call('GET', '/api/admin/site-settings')).json().settings;
    const saved = await call('PUT', '/api/admin/site-settings', { ...current, blockedWords: 'scam\nwire money' });
    expect(saved.statusCode, saved.body).toBe(200);
    const entry = await latest('site-settings.update');
    expect(entry?.changes).toEqual({ blockedWords: { from: current.blockedWords, to: ['scam', 'wire money'] } });
    expect((await call('PUT', '/api/admin/site-settings', { ...current, blockedWords: [] })).statusCode).toBe(200);
  });

  it('records who downloaded a backup', async () => {
    const response = await call('POST', '/api/admin/backup');
    expect(response.statusCode).toBe(200);
    const entry = await latest('backup.download');
    byAdminNow(entry);
    const name = /filename="([^"]+)"/.exec(response.headers['content-disposition'] as string)?.[1];
    expect(entry?.entity).toEqual({ type: 'backup', id: name, title: name });
  }, 60_000);

  it('records nothing for a refused change, and a change whose entry cannot be written is not made', async () => {
    const count = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).rows[0]?.n as number;
    const data = newBlogPost();
    const created = await sendPost('POST', '/api/admin/blog/posts', data);
    const id = created.json().id;
    const settings = (await call('GET', '/api/admin/site-settings')).json();
    const before = await count();

    // Refused: a taken slug, a date in the past, a post that is not there, bad settings.
    expect((await sendPost('POST', '/api/admin/blog/posts', { ...newBlogPost(), slug: data.slug })).statusCode).toBe(
      409,
    );
    const past = { publishAt: new Date(Date.now() - 3600_000).toISOString() };
    expect((await call('POST', `/api/admin/blog/posts/${id}/schedule`, past)).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/blog/posts/999999/publish')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/blog/posts/999999')).statusCode).toBe(404);
    const bad = await call('PUT', '/api/admin/site-settings', { ...settings.settings, email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(await count()).toBe(before);

    // The log refuses these entries (as a full disk or a lost connection would): each change goes back with it.
    await t.db.query(`CREATE FUNCTION refuse_entry() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit entry refused for the test'; END $$`);
    await t.db.query(`CREATE TRIGGER refuse_entry BEFORE INSERT ON audit_log FOR EACH ROW
      WHEN (NEW.action LIKE 'blog.%' OR NEW.action = 'site-settings.update') EXECUTE FUNCTION refuse_entry()`);
    try {
      const filesBefore = storedFiles(t.storage.root).length;
      const edit = await sendPost(
        'PUT',
        `/api/admin/blog/posts/${id}`,
        { ...data, title: 'Never saved' },
        await blogCover(),
      );
      expect(edit.statusCode).toBe(500);
      expect(storedFiles(t.storage.root)).toHaveLength(filesBefore);
      expect((await call('POST', `/api/admin/blog/posts/${id}/publish`)).statusCode).toBe(500);
      expect((await call('DELETE', `/api/admin/blog/posts/${id}`)).statusCode).toBe(500);
      expect((await sendPost('POST', '/api/admin/blog/posts', newBlogPost())).statusCode).toBe(500);
      const post = await call('GET', `/api/admin/blog/posts/${id}`);
      expect(post.json()).toMatchObject({ title: data.title, state: 'draft', imageUrl: null });
      expect((await call('GET', '/api/admin/blog/posts?limit=100')).json().total).toBe(
        (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM blog_posts')).rows[0]?.n,
      );

      const save = await call('PUT', '/api/admin/site-settings', { ...settings.settings, phone: '+254 700 000 001' });
      expect(save.statusCode).toBe(500);
      expect((await call('GET', '/api/admin/site-settings')).json()).toEqual(settings);
      expect((await t.app.inject({ method: 'GET', url: '/api/site-settings' })).json().phone).toBe(
        settings.settings.phone,
      );
    } finally {
      await t.db.query('DROP TRIGGER refuse_entry ON audit_log');
      await t.db.query('DROP FUNCTION refuse_entry()');
    }
    expect(await count()).toBe(before);
  }, 60_000);

  it('drops anything that looks like a secret, whatever a route passes', async () => {
    await t.app.audit.record(
      {
        action: 'account.settings',
        actor: { id: null, username: 'careless-route' },
        changes: {
          theme: { from: 'light', to: 'dark' },
          password: 'hunter2',
          nested: { totpSecret: 'JBSWY3DP', ok: 1 },
        },
      },
      {},
    );
    const [entry] = await entries('&action=account.settings');
    expect(entry?.actorUsername).toBe('careless-route');
    expect(entry?.changes).toEqual({ theme: { from: 'light', to: 'dark' }, nested: { ok: 1 } });
  });

  it('filters by person, action and dates, pages on the server and exports CSV', async () => {
    await t.db.query(
      `INSERT INTO audit_log (at, actor_username, action, entity_type, entity_id, entity_title, changes) VALUES
        ('2026-03-01T20:59:00Z', 'old-timer', 'listing.delete', 'listing', 'x1', '=cmd()', NULL),
        ('2026-03-01T21:00:00Z', 'old-timer', 'listing.delete', 'listing', 'x2', 'Second, "quoted"', '{"a":{"from":1,"to":2}}')`,
    );
    // 21:00 UTC on 1 March is midnight of 2 March in Nairobi.
    const march1 = await entries('&from=2026-03-01&to=2026-03-01');
    expect(march1.map((e) => e.entity?.id)).toEqual(['x1']);
    const march2 = await entries('&from=2026-03-02&to=2026-03-02');
    expect(march2.map((e) => e.entity?.id)).toEqual(['x2']);
    const all = await call('GET', '/api/admin/audit?limit=2');
    const total = all.json().total;
    expect(total).toBeGreaterThan(10);
    expect(all.json().items).toHaveLength(2);
    const last = await call('GET', `/api/admin/audit?limit=2&offset=${total - 1}`);
    expect(last.json().items).toHaveLength(1);

    const csv = await call('GET', '/api/admin/audit/export?from=2026-03-01&to=2026-03-02');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="audit-2026-03-01-to-2026-03-02.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('at,username,user_id,address,action,entity_type,entity_id,entity_title,changes');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"Second, ""quoted"""');
    expect(lines[2]).toContain("'=cmd()");

    for (const [query, field] of [
      ['from=2026-13-01', 'from'],
      ['to=yesterday', 'to'],
      ['from=2026-03-02&to=2026-03-01', 'to'],
      ['actor=bob', 'actor'],
      ['action=listing.burn', 'action'],
      ['limit=1000', 'limit'],
      ['offset=-1', 'offset'],
      ['sort=at', 'querystring'],
    ]) {
      const bad = await call('GET', `/api/admin/audit?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(Object.keys(bad.json().fields), query).toEqual([field]);
      expect((await call('GET', `/api/admin/audit/export?${query}`)).statusCode).toBe(400);
    }
  }, 60_000);

  it('is append-only: no UPDATE, DELETE or TRUNCATE; the retention sweep removes only entries over 400 days old', async () => {
    await t.db.query(
      `INSERT INTO audit_log (at, actor_username, action) VALUES
        (now() - interval '401 days', 'ancient', 'auth.sign-in'),
        (now() - interval '399 days', 'recent-enough', 'auth.sign-in')`,
    );
    await expect(t.db.query("UPDATE audit_log SET actor_username = 'someone-else'")).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(t.db.query("DELETE FROM audit_log WHERE actor_username = 'ancient'")).rejects.toThrow(/append-only/);
    await expect(t.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    // Even the sweep's own setting does not let a recent entry go.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query("SET LOCAL audit.retention_sweep = 'on'");
        await tx.query("DELETE FROM audit_log WHERE actor_username = 'recent-enough'");
      }),
    ).rejects.toThrow(/append-only/);
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).rows[0]?.n as number;
    expect(await t.app.audit.sweep()).toBe(1);
    const names = (await t.db.query<{ actor_username: string }>('SELECT actor_username FROM audit_log')).rows.map(
      (r) => r.actor_username,
    );
    expect(names).not.toContain('ancient');
    expect(names).toContain('recent-enough');
    expect(names).toHaveLength(before - 1);
  }, 60_000);
});
