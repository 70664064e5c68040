import { createContext, useContext, type ReactNode } from 'react';

import type { RemoteActionApi } from '../background/contract/action-api';
import type { RootStore } from './stores/root-store';

export interface AppServices {
  store: RootStore;
  actions: RemoteActionApi;
}

const AppContext = createContext<AppServices | null>(null);

export function AppServicesProvider({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}) {
  return <AppContext.Provider value={services}>{children}</AppContext.Provider>;
}

function useServices(): AppServices {
  const services = useContext(AppContext);
  if (!services) throw new Error('AppServicesProvider is missing above this component');
  return services;
}

export function useStore(): RootStore {
  return useServices().store;
}

export function useActions(): RemoteActionApi {
  return useServices().actions;
}
