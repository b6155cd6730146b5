import { PageMeta } from '../../components/page-meta';
import { useT } from '../../i18n/locale-provider';
import { AdminErrorBoundary } from './components/admin-error-boundary';
import { ProtectedArea } from './components/protected-area';

/** /admin: the staff area (its own lazy chunk, no header or footer). */
export default function AdminPage() {
  const t = useT();
  return (
    <AdminErrorBoundary>
      <PageMeta title={t('admin.signIn.title')} />
      <meta name="robots" content="noindex" />
      {/* The staff area stays English whatever the visitor's language (issue #6). */}
      <div lang="en" className="contents">
        <ProtectedArea />
      </div>
    </AdminErrorBoundary>
  );
}
