/** An API answer other than 2xx, carrying the server's `{ error, message, fields }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    /** A 429's Retry-After: the seconds to wait before sending again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** As the server hands a refused read to the browser with the page (fromJSON revives it). */
  toJSON() {
    return { name: this.name, status: this.status, message: this.message, fields: this.fields };
  }

  static fromJSON(value: unknown): ApiError | null {
    const v = value as { name?: unknown; status?: unknown; message?: unknown; fields?: Record<string, string> } | null;
    if (v?.name !== 'ApiError' || typeof v.status !== 'number' || typeof v.message !== 'string') return null;
    return new ApiError(v.status, v.message, v.fields ?? {});
  }
}

/** How a request reaches the API: the browser's fetch, or the server's own in-process call. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

/** Fetches JSON from the API; throws ApiError with the server's message on failure. */
export async function apiFetch<T>(
  path: string,
  init: RequestInit & { json?: unknown; transport?: ApiTransport } = {},
): Promise<T> {
  const { json, headers, transport = fetch, ...rest } = init;
  let response: Response;
  try {
    response = await transport(path, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        accept: 'application/json',
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
  } catch {
    throw new ApiError(0, 'Network error. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => null)) as
    | (T & { message?: string; fields?: Record<string, string> })
    | null;
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(
      response.status,
      body?.message ?? `Request failed (${response.status}).`,
      body?.fields,
      Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return body as T;
}

/** A GET of the API's JSON. Query options take one so the server can render pages with its own. */
export type ApiGet = <T>(path: string) => Promise<T>;

export const apiGet: ApiGet = (path) => apiFetch(path);
