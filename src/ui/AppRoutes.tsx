import { Route, Routes } from 'react-router';

import { LoginPage } from './pages/LoginPage';
import { WalletHomePage } from './pages/WalletHomePage';

/**
 * Spec §2 routes built so far. The session guard on /wallet comes with the login flow; until
 * then the wallet area shows the network status without one.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LoginPage />} />
      <Route path="/wallet">
        <Route index element={<WalletHomePage />} />
        <Route path="home" element={<WalletHomePage />} />
      </Route>
      <Route path="*" element={<LoginPage />} />
    </Routes>
  );
}
