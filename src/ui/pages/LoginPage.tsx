import { useTranslation } from 'react-i18next';

import { AppHeader } from '../components/AppHeader';
import { usePageTitle } from '../hooks/use-page-title';

/** The login screen; also shown for any unknown path (spec §2). Sign-in methods build on this. */
export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('login.title'));
  return (
    <>
      <AppHeader />
      <main className="page" data-testid="login-page">
        <div className="card">
          <h1>{t('login.heading')}</h1>
          <p className="muted">{t('login.subtitle')}</p>
        </div>
      </main>
    </>
  );
}
