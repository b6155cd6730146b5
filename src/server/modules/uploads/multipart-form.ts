import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpError } from '#server/lib/http-error';
import { refuseNul } from '#server/plugins/input-guard';
import type { MessageKey } from '#shared/i18n';
import { ImageRejectedError } from './image-processing';
import { type IncomingImage, removeImages, storeImagesInFolder } from './service';

/** The messages of one form's refusals (each resource words its own). */
export interface MultipartFormMessages {
  multipartRequired: string;
  badForm: string;
  badData: string;
  dataTooLarge: string;
  tooManyParts: string;
  tooManyImages: string;
  invalid: string;
}

/** A refused image is named in the answer: "notes.jpg: Only JPG, PNG, and WebP images are allowed". */
export function namedImageError(request: FastifyRequest, error: unknown, field = 'images'): unknown {
  if (!(error instanceof ImageRejectedError)) return error;
  const text = request.t('admin.listingForm.errors.imageFile', {
    name: error.filename || '?',
    reason: request.t(error.message as MessageKey),
  });
  return new HttpError(error.statusCode, text, { [field]: text });
}

/**
 * Reads a multipart body: its text fields (`texts` the first value of each, `fields` every one
 * in order, for a name a form repeats), and the image files under `fileField`. A body
 * cut off, malformed or over the plugin's limits is refused here, before anything is stored.
 */
export async function readMultipartParts(
  request: FastifyRequest,
  { fileField, messages }: { fileField: string; messages: MultipartFormMessages },
): Promise<{ texts: Record<string, string>; fields: [string, string][]; images: IncomingImage[] }> {
  if (!request.isMultipart()) throw new HttpError(415, messages.multipartRequired);
  const texts: Record<string, string> = {};
  const fields: [string, string][] = [];
  const images: IncomingImage[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer().catch((error: { code?: string }) => {
          if (error.code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
          throw namedImageError(
            request,
            new ImageRejectedError(413, 'admin.listingForm.errors.imageTooLarge', part.filename),
            fileField,
          );
        });
        // An empty file input still sends an empty part.
        if (part.fieldname === fileField && (buffer.length > 0 || part.filename)) {
          images.push({ filename: part.filename, data: buffer });
        }
      } else {
        if (part.valueTruncated) throw new HttpError(413, messages.dataTooLarge);
        texts[part.fieldname] ??= String(part.value);
        fields.push([part.fieldname, String(part.value)]);
      }
    }
  } catch (error) {
    // Everything read here is the client's body: a cut-off or malformed form (no boundary,
    // "Unexpected end of form", a broken part header) is the client's mistake. Nothing has
    // been stored yet, so there is nothing to undo.
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'admin.listingForm.errors.imageTooLarge');
    if (code === 'FST_FILES_LIMIT') throw new HttpError(413, messages.tooManyImages);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, messages.tooManyParts);
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new HttpError(400, messages.badForm);
  }
  // The request guard reads no multipart body: a NUL in a field is refused here.
  refuseNul(request, texts, 'data');
  refuseNul(
    request,
    fields.map(([, value]) => value),
    'data',
  );
  return { texts, fields, images };
}

/**
 * A create or edit that arrives as one multipart request: a `data` field with the record as
 * JSON (checked by its shared schema) and image files under `fileField`. One request means
 * the record and its images are saved together or not at all. Nothing is stored here.
 */
export async function readMultipartForm<S extends z.ZodType>(
  request: FastifyRequest,
  { schema, fileField, messages }: { schema: S; fileField: string; messages: MultipartFormMessages },
): Promise<{ payload: z.output<S>; images: IncomingImage[] }> {
  const { texts, images } = await readMultipartParts(request, { fileField, messages });
  let json: unknown;
  try {
    json = JSON.parse(texts.data ?? '');
  } catch {
    throw new HttpError(400, messages.badData);
  }
  // JSON escapes can spell a NUL the request guard never saw (it reads no multipart body).
  refuseNul(request, json, 'data');
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'data'] ??= issue.message;
    throw new HttpError(400, parsed.error.issues[0]?.message ?? messages.invalid, fields);
  }
  return { payload: parsed.data, images };
}

/**
 * Stores a request's images (checked and re-encoded), saves the record with their URLs,
 * and removes the images again when the save fails: nothing is left half-written.
 */
export async function saveWithImages<T>(
  request: FastifyRequest,
  { folder, images, field }: { folder: string; images: IncomingImage[]; field: string },
  save: (urls: string[]) => Promise<T>,
): Promise<T> {
  let stored: { keys: string[]; urls: string[] };
  try {
    stored = await storeImagesInFolder(request.server.storage, folder, images);
  } catch (error) {
    throw namedImageError(request, error, field);
  }
  try {
    return await save(stored.urls);
  } catch (error) {
    await removeImages(request.server.storage, stored.keys);
    throw error;
  }
}
