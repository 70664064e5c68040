import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

import { useStore } from '../app-context';
import { hasSession } from '../view-models/session';
import {
  afterLoginTarget,
  cleanWalletSearch,
  loginTargetFor,
  sessionNamespaceOf,
} from './navigation';

/**
 * The session guard of the wallet area (spec part 1 §2): without a session (no vault, locked,
 * or no account) the visitor goes to the login screen, which comes back here after. A wallet
 * route landed on with foreign query parameters drops them (top-up and transfer keep theirs).
 */
export const RequireSession = observer(function RequireSession({
  children,
}: {
  children: ReactNode;
}) {
  const { ui } = useStore();
  const { pathname, search, hash } = useLocation();
  if (!hasSession(ui, sessionNamespaceOf(search)))
    return <Navigate to={loginTargetFor(pathname, search)} replace />;
  const cleaned = cleanWalletSearch(pathname, search);
  if (cleaned !== null) return <Navigate to={`${pathname}${cleaned}${hash}`} replace />;
  return children;
});

/**
 * The login screen's routes: once a session exists (restored on load, or just unlocked), the
 * user is sent to `?redirect=` (a safe in-app path) or to /wallet.
 */
export const SignedOutOnly = observer(function SignedOutOnly({
  children,
}: {
  children: ReactNode;
}) {
  const { ui } = useStore();
  const { search } = useLocation();
  if (hasSession(ui, sessionNamespaceOf(search)))
    return <Navigate to={afterLoginTarget(search)} replace />;
  return children;
});
