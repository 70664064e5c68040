import { ApprovalWindowPage, type ScreensByKind } from './ConfirmPage';
import { ProviderChangeScreen } from './ProviderChangeScreen';

/** The network change a host asks for (switch_chain or add_chain); nothing else shows here. */
const SCREENS: ScreensByKind = {
  switch_chain: ProviderChangeScreen,
  add_chain: ProviderChangeScreen,
};

/**
 * /providerchange?id=…&origin=… (views.md §3.8, 375×660): the window for a host's network
 * change. The same window protocol as /confirm; any other kind of request shows
 * 'No new transactions.' and is never approved from here.
 */
export default function ProviderChangePage() {
  return <ApprovalWindowPage screens={SCREENS} titleKey="app.routes.providerChange" />;
}
