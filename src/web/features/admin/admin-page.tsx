// First: the staff texts are registered as this chunk loads, before any staff component renders.
import './staff-messages';
import { Route, Routes } from 'react-router';
import { PageMeta } from '#web/components/page-meta';
import { useT } from '#web/i18n/locale-provider';
import { AdminErrorBoundary } from './components/admin-error-boundary';
import { ProtectedArea } from './components/protected-area';
import { SetPasswordPage } from './components/set-password-page';

/** /admin: the staff area (its own lazy chunk, no header or footer). */
export default function AdminPage() {
  const t = useT();
  return (
    <AdminErrorBoundary>
      <PageMeta title={t('admin.signIn.title')} />
      <meta name="robots" content="noindex" />
      {/* The staff area stays English whatever the visitor's language. */}
      <div lang="en" className="contents">
        <Routes>
          {/* A one-time link's page: for someone not signed in (docs/product.md#staff-accounts). */}
          <Route path="set-password" element={<SetPasswordPage />} />
          <Route path="*" element={<ProtectedArea />} />
        </Routes>
      </div>
    </AdminErrorBoundary>
  );
}
