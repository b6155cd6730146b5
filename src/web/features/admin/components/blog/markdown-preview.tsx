import { useWatch } from 'react-hook-form';
import { useBlogPreview } from '#web/features/admin/api/preview-blog-post';
import { useDebouncedValue } from '#web/features/admin/hooks/use-debounced-value';
import { useT } from '#web/i18n/locale-provider';

/** A typing pause long enough not to ask the server at every key. */
const PREVIEW_PAUSE_MS = 400;

/**
 * The Markdown field `name` of the surrounding form as the public page will show it, made by
 * the server as the page will be (docs/product.md#blog-editor), updated at each pause in the
 * typing. The blog editor's bodies and the newsletter's issue use it.
 */
export function MarkdownPreview({ name, lang }: { name: string; lang: 'en' | 'so' }) {
  const t = useT();
  const watched: unknown = useWatch({ name });
  const body = useDebouncedValue(typeof watched === 'string' ? watched : '', PREVIEW_PAUSE_MS);
  const preview = useBlogPreview(body);
  const id = `blog-preview-${name}`;
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h3 id={id} className="mb-1 text-sm font-medium">
        {t('adminBlog.form.preview')}
      </h3>
      <div
        aria-busy={preview.isFetching}
        className="min-h-40 rounded-lg bg-white p-4 text-gray-900 ring-1 ring-slate-300 dark:ring-slate-600"
      >
        {preview.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('adminBlog.form.previewFailed', { message: preview.error.message })}
          </p>
        ) : body.trim() && preview.data ? (
          <div
            lang={lang}
            className="post-body"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server made this HTML through the public pages' allow-list.
            dangerouslySetInnerHTML={{ __html: preview.data.html }}
          />
        ) : (
          <p className="text-sm text-slate-600">{t('adminBlog.form.previewEmpty')}</p>
        )}
      </div>
    </section>
  );
}
