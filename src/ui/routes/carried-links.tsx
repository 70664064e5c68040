import { useCallback, type ComponentProps } from 'react';
import { Link, Navigate, NavLink, useLocation, useNavigate } from 'react-router';

import { resolveNavigation } from './navigation';

/**
 * In-app navigation that follows the spec's query rules (navigation.ts): use these instead of
 * react-router's Link, NavLink, Navigate and useNavigate, with a string path.
 */
export function useCarriedNavigate(): (to: string, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (to, options) => void navigate(resolveNavigation(to, search), options),
    [navigate, search],
  );
}

export function CarriedLink({
  to,
  ...rest
}: Omit<ComponentProps<typeof Link>, 'to'> & { to: string }) {
  const { search } = useLocation();
  return <Link to={resolveNavigation(to, search)} {...rest} />;
}

export function CarriedNavLink({
  to,
  ...rest
}: Omit<ComponentProps<typeof NavLink>, 'to'> & { to: string }) {
  const { search } = useLocation();
  return <NavLink to={resolveNavigation(to, search)} {...rest} />;
}

export function CarriedNavigate({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={resolveNavigation(to, search)} replace />;
}
