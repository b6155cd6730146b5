import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '#server/lib/http-error';
import { parseAsyncOr400 } from '#server/lib/parse-async';
import { siteOrigin } from '#server/lib/site-origin';
import { newToken } from '#server/lib/token-hash';
import { changedFields } from '#server/modules/audit/plugin';
import { clearWrongCodes, twoFactorRepository } from '#server/modules/two-factor/service';
import {
  createStaffAnswerSchema,
  createStaffBodySchema,
  createStaffFormSchema,
  passwordLinkQuerySchema,
  passwordLinkSchema,
  type StaffMember,
  setPasswordBodySchema,
  setPasswordFormSchema,
  staffIdParams,
  staffMemberSchema,
  updateStaffBodySchema,
} from '#shared/staff-accounts';
import { hashPassword } from './password';
import { passwordLinksRepository } from './password-links';
import { StaffChangeRefused, type StaffUser, staffRepository } from './repository';

const E = 'admin.staff.errors';

export function toStaffMember(user: StaffUser): StaffMember {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    role: user.role,
    disabled: user.is_disabled,
    twoFactor: user.two_factor,
    twoFactorLockedUntil: user.two_factor_locked_until,
    lastSignedInAt: user.last_signed_in_at,
    createdAt: user.created_at,
  };
}

/** A password nobody knows: an account waiting for its one-time link cannot be signed in to. */
const unknownPasswordHash = () => hashPassword(newToken());

function linkUrl(request: FastifyRequest, token: string) {
  return `${siteOrigin(request)}/admin/set-password?token=${token}`;
}

/** Staff accounts, for admins (docs/product.md#staff-accounts), and the one-time password links. */
export async function staffRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staff = staffRepository(app.db);
  const links = passwordLinksRepository(app.db);

  /** The account an admin acts on: it exists, and it is not their own (that is the Account page). */
  async function otherMember(request: FastifyRequest, id: string): Promise<StaffUser> {
    if (id === request.staffSession?.user.id) throw new HttpError(400, `${E}.self`);
    const member = await staff.findById(id);
    if (!member) throw new HttpError(404, `${E}.notFound`);
    return member;
  }

  api.get(
    '/admin/staff',
    {
      onRequest: app.requirePermission('manage'),
      schema: { response: { 200: z.object({ items: z.array(staffMemberSchema) }) } },
    },
    async () => ({ items: (await staff.list()).map(toStaffMember) }),
  );

  api.post(
    '/admin/staff',
    {
      onRequest: app.requirePermission('manage'),
      schema: { body: createStaffBodySchema, response: { 201: createStaffAnswerSchema } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const body = await parseAsyncOr400(createStaffFormSchema, request.body);
      if (await staff.findByUsername(body.username)) {
        throw new HttpError(409, `${E}.usernameTaken`, { username: `${E}.usernameTaken` });
      }
      const passwordHash = await hashPassword(body.setup === 'password' ? (body.password as string) : newToken());
      const { member, link } = await app.db
        .transaction(async (tx) => {
          const created = await staffRepository(tx).create({
            username: body.username,
            passwordHash,
            role: body.role,
            name: body.name,
          });
          const link = body.setup === 'link' ? await passwordLinksRepository(tx).create(created.id) : null;
          await request.audit(
            {
              action: 'staff.create',
              entity: { type: 'staff', id: created.id, title: created.username },
              changes: {
                role: { from: null, to: created.role },
                name: { from: null, to: created.name },
                setup: body.setup,
              },
            },
            tx,
          );
          return { member: created, link };
        })
        .catch((error: { code?: string }) => {
          // Taken by a request that came in at the same moment.
          if (error.code === '23505')
            throw new HttpError(409, `${E}.usernameTaken`, { username: `${E}.usernameTaken` });
          throw error;
        });
      request.log.info(
        { username: member.username, role: member.role, by: request.staffSession?.user.username },
        'staff account created',
      );
      return reply.status(201).send({
        member: toStaffMember(member),
        link: link ? { url: linkUrl(request, link.token), expiresAt: link.expiresAt } : null,
      });
    },
  );

  api.patch(
    '/admin/staff/:id',
    {
      onRequest: app.requirePermission('manage'),
      schema: { params: staffIdParams, body: updateStaffBodySchema, response: { 200: staffMemberSchema } },
    },
    async (request) => {
      const member = await otherMember(request, request.params.id);
      const result = await app.db
        .transaction(async (tx) => {
          const changed = await staffRepository(tx).changeAccess(member.id, request.body);
          if (!changed) return null;
          const { before, after } = changed;
          const entity = { type: 'staff' as const, id: after.id, title: after.username };
          if (before.role !== after.role) {
            await request.audit({ action: 'staff.role', entity, changes: changedFields(before, after, ['role']) }, tx);
          }
          if (before.is_disabled !== after.is_disabled) {
            // Disabled: out at once, whatever they had open, and no password link of theirs works.
            if (after.is_disabled) {
              await staffRepository(tx).endSessions(after.id);
              await passwordLinksRepository(tx).revokeAll(after.id);
            }
            await request.audit(
              {
                action: after.is_disabled ? 'staff.disable' : 'staff.enable',
                entity,
                changes: changedFields(before, after, ['is_disabled']),
              },
              tx,
            );
          }
          return after;
        })
        .catch((error: unknown) => {
          if (error instanceof StaffChangeRefused) throw new HttpError(400, `${E}.lastAdmin`);
          throw error;
        });
      if (!result) throw new HttpError(404, `${E}.notFound`);
      return toStaffMember(result);
    },
  );

  // A password reset: the old password and every session end now; a new one-time link is shown once.
  api.post(
    '/admin/staff/:id/password-link',
    {
      onRequest: app.requirePermission('manage'),
      schema: { params: staffIdParams, response: { 200: passwordLinkSchema } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const member = await otherMember(request, request.params.id);
      const passwordHash = await unknownPasswordHash();
      const link = await app.db.transaction(async (tx) => {
        const accounts = staffRepository(tx);
        await accounts.setPasswordById(member.id, passwordHash);
        await accounts.endSessions(member.id);
        const link = await passwordLinksRepository(tx).create(member.id);
        await request.audit(
          { action: 'staff.password-link', entity: { type: 'staff', id: member.id, title: member.username } },
          tx,
        );
        return link;
      });
      return { url: linkUrl(request, link.token), expiresAt: link.expiresAt };
    },
  );

  api.delete(
    '/admin/staff/:id/two-factor',
    {
      onRequest: app.requirePermission('manage'),
      schema: { params: staffIdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const member = await otherMember(request, request.params.id);
      await app.db.transaction(async (tx) => {
        const wasOn = await twoFactorRepository(tx).disable(member.id);
        if (!wasOn) throw new HttpError(400, 'admin.twoFactor.errors.notOn');
        await request.audit(
          {
            action: 'staff.two-factor-reset',
            entity: { type: 'staff', id: member.id, title: member.username },
            changes: { twoFactor: { from: true, to: false } },
          },
          tx,
        );
      });
      return reply.status(204).send(null);
    },
  );

  // Two-factor sign-in locked after too many wrong codes opens again before its time.
  api.delete(
    '/admin/staff/:id/two-factor-lock',
    {
      onRequest: app.requirePermission('manage'),
      schema: { params: staffIdParams, response: { 200: staffMemberSchema } },
    },
    async (request) => {
      const member = await otherMember(request, request.params.id);
      await app.db.transaction(async (tx) => {
        if (!(await twoFactorRepository(tx).unlock(member.id))) {
          throw new HttpError(400, 'admin.twoFactor.errors.notLocked');
        }
        await clearWrongCodes(tx, member.id);
        await request.audit(
          {
            action: 'staff.two-factor-unlock',
            entity: { type: 'staff', id: member.id, title: member.username },
            changes: { lockedUntil: { from: member.two_factor_locked_until, to: null } },
          },
          tx,
        );
      });
      return toStaffMember((await staff.findById(member.id)) as StaffUser);
    },
  );

  // The page a one-time link opens asks who it is for; nobody is signed in there.
  api.get(
    '/auth/password-link',
    {
      schema: {
        querystring: passwordLinkQuerySchema,
        response: { 200: z.object({ username: z.string(), name: z.string().nullable(), expiresAt: z.string() }) },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const link = await links.find(request.query.token);
      const member = link ? await staff.findById(link.userId) : null;
      if (!link || !member || member.is_disabled) throw new HttpError(410, 'admin.setPassword.errors.invalidLink');
      return { username: member.username, name: member.name, expiresAt: link.expiresAt };
    },
  );

  api.post(
    '/auth/set-password',
    {
      schema: { body: setPasswordBodySchema, response: { 204: z.null() } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const body = await parseAsyncOr400(setPasswordFormSchema, request.body);
      const link = await links.find(body.token);
      const member = link ? await staff.findById(link.userId) : null;
      // A disabled account's links are revoked; one made while it was disabled waits for it to be enabled.
      if (!link || !member || member.is_disabled) throw new HttpError(410, 'admin.setPassword.errors.invalidLink');
      const passwordHash = await hashPassword(body.password);
      await app.db.transaction(async (tx) => {
        // Used up inside the transaction: two requests with one link cannot both set a password.
        if ((await passwordLinksRepository(tx).use(body.token)) !== member.id) {
          throw new HttpError(410, 'admin.setPassword.errors.invalidLink');
        }
        await staffRepository(tx).setPasswordById(member.id, passwordHash);
        await staffRepository(tx).endSessions(member.id);
        await request.audit(
          {
            action: 'staff.password-set',
            actor: { id: member.id, username: member.username },
            entity: { type: 'staff', id: member.id, title: member.username },
          },
          tx,
        );
      });
      request.log.info({ username: member.username }, 'password chosen through a one-time link');
      return reply.status(204).send(null);
    },
  );
}
