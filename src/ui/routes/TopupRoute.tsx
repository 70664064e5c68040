import { observer } from 'mobx-react-lite';
import { Outlet } from 'react-router';

import { useStore } from '../app-context';
import { walletFeatures } from '../view-models/white-label';
import { CarriedNavigate } from './carried-links';

/** Top-up routes exist unless the white-label hides top-up (views.md §1.5: they go home). */
export const TopupRoute = observer(function TopupRoute() {
  const { ui } = useStore();
  if (!walletFeatures(ui).topup) return <CarriedNavigate to="/wallet/home" />;
  return <Outlet />;
});
