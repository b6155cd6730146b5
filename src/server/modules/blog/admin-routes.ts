import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '#server/lib/http-error';
import { type AuditEvent, recordEvent } from '#server/modules/audit/plugin';
import { type MultipartFormMessages, readMultipartForm, saveWithImages } from '#server/modules/uploads/multipart-form';
import { keysOf, removeImages } from '#server/modules/uploads/service';
import {
  type AdminBlogPost,
  adminBlogQuerySchema,
  BLOG_POST_STATES,
  blogPostPayloadSchema,
  blogPreviewSchema,
  blogScheduleSchema,
} from '#shared/blog-editor-schema';
import { MAX_IMAGE_BYTES } from '#shared/listing-form-schema';
import { blogAdminRepository, SlugTakenError } from './admin-repository';

const E = 'adminBlog.errors';
/** Where covers are stored (docs/product.md#images). */
export const BLOG_IMAGE_FOLDER = 'blog';
const COVER_FIELD = 'cover';

const FORM_MESSAGES: MultipartFormMessages = {
  multipartRequired: `${E}.multipartRequired`,
  badForm: `${E}.badForm`,
  badData: `${E}.badData`,
  dataTooLarge: `${E}.dataTooLarge`,
  tooManyParts: `${E}.tooManyParts`,
  tooManyImages: `${E}.oneCover`,
  invalid: `${E}.invalid`,
};

const summaryShape = {
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  category: z.string(),
  author: z.string().nullable(),
  imageUrl: z.string().nullable(),
  state: z.enum(BLOG_POST_STATES),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  hasSomali: z.boolean(),
};
const adminPostSchema = z.object({
  ...summaryShape,
  excerpt: z.string(),
  body: z.string(),
  readTimeMinutes: z.number().int(),
  readTimeOverride: z.number().int().nullable(),
  titleSo: z.string().nullable(),
  excerptSo: z.string().nullable(),
  bodySo: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<AdminBlogPost>;
const listSchema = z.object({ items: z.array(z.object(summaryShape)), total: z.number().int() });
const postIdParams = z.strictObject({
  id: z.coerce
    .number({ message: `${E}.notFound` })
    .int(`${E}.notFound`)
    .min(1, `${E}.notFound`)
    .max(2_147_483_647, `${E}.notFound`),
});

/** What the audit log compares of a post on create and edit: all staff write, the cover included. */
const AUDITED_FIELDS = [
  'title',
  'slug',
  'category',
  'excerpt',
  'author',
  'body',
  'readTimeOverride',
  'titleSo',
  'excerptSo',
  'bodySo',
  'imageUrl',
] as const satisfies readonly (keyof AdminBlogPost)[];
/** ...and on publish, schedule and unpublish. */
const STATE_FIELDS = ['state', 'publishedAt'] as const satisfies readonly (keyof AdminBlogPost)[];

/** An audit entry about a post; a new one's fields come "from" nothing. */
const postEvent = (
  action: AuditEvent['action'],
  post: AdminBlogPost,
  before: AdminBlogPost | null,
  after: AdminBlogPost | null,
  fields: readonly (keyof AdminBlogPost)[] = AUDITED_FIELDS,
) => recordEvent(action, { type: 'blog-post', id: String(post.id), title: post.title }, before, after, fields);

const slugTaken = () => new HttpError(409, `${E}.slugTaken`, { slug: `${E}.slugTaken` });

/** The post and its cover file, read from one multipart request. */
async function readPostRequest(request: FastifyRequest) {
  const form = await readMultipartForm(request, {
    schema: blogPostPayloadSchema,
    fileField: COVER_FIELD,
    messages: FORM_MESSAGES,
  });
  if (form.images.length > 1) throw new HttpError(413, `${E}.oneCover`);
  return form;
}

/**
 * The blog editor's API (docs/product.md#blog-editor), for staff who may write; deleting
 * needs the delete permission. Each change is one handler with the post before and after
 * it at hand, so the audit log can record what changed.
 */
export async function blogAdminRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    // One cover; the post's Markdown (two languages) may be long.
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 512 * 1024, parts: 10 },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = blogAdminRepository(app.db);

  const findOrFail = async (id: number) => {
    const post = await repo.findById(id);
    if (!post) throw new HttpError(404, `${E}.notFound`);
    return post;
  };
  /** A cover no post shows any more is deleted (only after the row stopped naming it). */
  const removeCoverIfUnused = async (url: string | null) => {
    if (url && !(await repo.coverInUse(url))) await removeImages(app.storage, keysOf(app.storage, [url]));
  };
  const by = (request: FastifyRequest) => request.staffSession?.user.username;

  api.get(
    '/admin/blog/posts',
    {
      onRequest: app.requirePermission('write'),
      schema: { querystring: adminBlogQuerySchema, response: { 200: listSchema } },
    },
    async (request) => repo.list(request.query),
  );

  api.get(
    '/admin/blog/posts/:id',
    { onRequest: app.requirePermission('write'), schema: { params: postIdParams, response: { 200: adminPostSchema } } },
    async (request) => findOrFail(request.params.id),
  );

  api.post(
    '/admin/blog/posts',
    {
      onRequest: app.requirePermission('write'),
      schema: { response: { 201: adminPostSchema } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { payload, images } = await readPostRequest(request);
      const post = await saveWithImages(
        request,
        { folder: BLOG_IMAGE_FOLDER, images, field: COVER_FIELD },
        async ([cover]) => {
          try {
            return await app.db.transaction(async (tx) => {
              const created = await blogAdminRepository(tx).insert(payload, cover ?? null);
              await request.audit(postEvent('blog.create', created, null, created), tx);
              return created;
            });
          } catch (error) {
            throw error instanceof SlugTakenError ? slugTaken() : error;
          }
        },
      );
      request.log.info({ postId: post.id, by: by(request) }, 'blog post created');
      return reply.status(201).send(post);
    },
  );

  api.put(
    '/admin/blog/posts/:id',
    {
      onRequest: app.requirePermission('write'),
      schema: { params: postIdParams, response: { 200: adminPostSchema } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      const before = await findOrFail(request.params.id);
      const { payload, images } = await readPostRequest(request);
      const after = await saveWithImages(
        request,
        { folder: BLOG_IMAGE_FOLDER, images, field: COVER_FIELD },
        async ([cover]) => {
          const imageUrl = cover ?? (payload.removeCover ? null : before.imageUrl);
          try {
            return await app.db.transaction(async (tx) => {
              const saved = await blogAdminRepository(tx).update(before, payload, imageUrl);
              if (!saved) throw new HttpError(404, `${E}.notFound`);
              await request.audit(postEvent('blog.update', saved, before, saved), tx);
              return saved;
            });
          } catch (error) {
            throw error instanceof SlugTakenError ? slugTaken() : error;
          }
        },
      );
      if (after.imageUrl !== before.imageUrl) await removeCoverIfUnused(before.imageUrl);
      request.log.info({ postId: after.id, by: by(request) }, 'blog post updated');
      return after;
    },
  );

  /** Publishes, schedules or unpublishes a post, with its audit entry, in one transaction. */
  const changeState = (
    request: FastifyRequest,
    action: 'blog.publish' | 'blog.schedule' | 'blog.unpublish',
    before: AdminBlogPost,
    change: (posts: ReturnType<typeof blogAdminRepository>) => Promise<AdminBlogPost | 'past' | undefined>,
  ) =>
    app.db.transaction(async (tx) => {
      const after = await change(blogAdminRepository(tx));
      if (after === 'past') throw new HttpError(400, `${E}.scheduleInPast`, { publishAt: `${E}.scheduleInPast` });
      if (!after) throw new HttpError(404, `${E}.notFound`);
      await request.audit(postEvent(action, after, before, after, STATE_FIELDS), tx);
      return after;
    });

  // Publishing, scheduling and unpublishing: each answers the post as it is now.
  api.post(
    '/admin/blog/posts/:id/publish',
    { onRequest: app.requirePermission('write'), schema: { params: postIdParams, response: { 200: adminPostSchema } } },
    async (request) => {
      const before = await findOrFail(request.params.id);
      const after = await changeState(request, 'blog.publish', before, (posts) => posts.publish(before.id));
      request.log.info({ postId: after.id, by: by(request), from: before.state }, 'blog post published');
      return after;
    },
  );

  api.post(
    '/admin/blog/posts/:id/schedule',
    {
      onRequest: app.requirePermission('write'),
      schema: { params: postIdParams, body: blogScheduleSchema, response: { 200: adminPostSchema } },
    },
    async (request) => {
      const before = await findOrFail(request.params.id);
      const after = await changeState(request, 'blog.schedule', before, (posts) =>
        posts.schedule(before.id, request.body.publishAt),
      );
      request.log.info({ postId: after.id, by: by(request), at: after.publishedAt }, 'blog post scheduled');
      return after;
    },
  );

  api.post(
    '/admin/blog/posts/:id/unpublish',
    { onRequest: app.requirePermission('write'), schema: { params: postIdParams, response: { 200: adminPostSchema } } },
    async (request) => {
      const before = await findOrFail(request.params.id);
      const after = await changeState(request, 'blog.unpublish', before, (posts) => posts.unpublish(before.id));
      request.log.info({ postId: after.id, by: by(request), from: before.state }, 'blog post unpublished');
      return after;
    },
  );

  api.delete(
    '/admin/blog/posts/:id',
    { onRequest: app.requirePermission('delete'), schema: { params: postIdParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const deleted = await app.db.transaction(async (tx) => {
        const gone = await blogAdminRepository(tx).delete(request.params.id);
        if (gone) await request.audit(postEvent('blog.delete', gone, null, null), tx);
        return gone;
      });
      if (!deleted) throw new HttpError(404, `${E}.notFound`);
      await removeCoverIfUnused(deleted.imageUrl);
      request.log.info({ postId: deleted.id, by: by(request) }, 'blog post deleted');
      return reply.status(204).send(null);
    },
  );

  // The editor's live preview: the public pages' rendering, sanitising included.
  api.post(
    '/admin/blog/preview',
    {
      onRequest: app.requirePermission('write'),
      bodyLimit: 256 * 1024,
      schema: { body: blogPreviewSchema, response: { 200: z.object({ html: z.string() }) } },
    },
    async (request) => ({ html: app.renderMarkdown(request.body.body) }),
  );
}
