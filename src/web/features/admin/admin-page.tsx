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
      <ProtectedArea />
    </AdminErrorBoundary>
  );
}
