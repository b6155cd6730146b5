import type { ReactNode } from 'react';

/** What a list shows when it has nothing: a title, a line of help and maybe a way out. */
export function EmptyState({
  title,
  text,
  action,
  headingLevel = 2,
}: {
  title?: string;
  text: ReactNode;
  action?: ReactNode;
  /** The title's level under the page's headings. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="rounded-xl border border-gray-200 bg-gray-50 px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900">
      {title && <Heading className="text-xl font-semibold text-gray-900 dark:text-inherit">{title}</Heading>}
      <p className={`${title ? 'mt-2 ' : ''}text-gray-700 dark:text-slate-300`}>{text}</p>
      {action}
    </div>
  );
}
