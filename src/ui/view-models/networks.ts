import type { UiState } from '../../background/contract/ui-state';
import {
  BUILT_IN_NETWORK_TYPES,
  BUILT_IN_NETWORKS,
  RPC_PROVIDER_TYPE,
} from '../../shared/networks';

/** A network as the selector lists it. */
export interface NetworkChoice {
  /** `builtin:<type>`, `custom:<id>` or `current` (a configured network that is neither). */
  value: string;
  name: string;
  /** Decimal chain id, as people know them (1, 137, 5777). */
  chainId: number;
  /** Networks without an RPC endpoint cannot be selected. */
  disabled: boolean;
}

export interface NetworkChoices {
  selected: string;
  /** The configured network when it is not one of the lists (e.g. config.json's own RPC). */
  current: NetworkChoice | null;
  builtIn: NetworkChoice[];
  custom: NetworkChoice[];
}

/** How the selector acts on a choice. */
export type NetworkSelection =
  { kind: 'builtIn'; type: string } | { kind: 'custom'; id: string } | { kind: 'none' };

const decimal = (chainId: string) => Number.parseInt(chainId, 16);

/**
 * The built-in networks (from src/shared/networks.ts, in the spec's order) and the user's custom
 * ones, with the selected one marked. The selected built-in shows as configured (its own name
 * and RPC may come from config.json).
 */
export function networkChoices(state: Pick<UiState, 'NetworkController'>): NetworkChoices {
  const { providerConfig, customNetworks } = state.NetworkController;
  const custom = Object.values(customNetworks).map((network) => ({
    value: `custom:${network.id}`,
    name: network.networkName,
    chainId: decimal(network.chainId),
    disabled: !network.host,
  }));
  const builtIn = BUILT_IN_NETWORK_TYPES.map((type) => {
    const network = type === providerConfig.type ? providerConfig : BUILT_IN_NETWORKS[type];
    return {
      value: `builtin:${type}`,
      name: network.networkName,
      chainId: decimal(network.chainId),
      disabled: !network.rpcUrl,
    };
  });

  let selected: string;
  let current: NetworkChoice | null = null;
  if (providerConfig.type === RPC_PROVIDER_TYPE) {
    const id = providerConfig.customNetworkId;
    if (id && Object.hasOwn(customNetworks, id)) selected = `custom:${id}`;
    else {
      selected = 'current';
      current = {
        value: 'current',
        name: providerConfig.networkName,
        chainId: decimal(providerConfig.chainId),
        disabled: false,
      };
    }
  } else {
    selected = `builtin:${providerConfig.type}`;
  }
  return { selected, current, builtIn, custom };
}

/** What choosing `value` asks of the engine. */
export function parseNetworkSelection(value: string): NetworkSelection {
  if (value.startsWith('builtin:'))
    return { kind: 'builtIn', type: value.slice('builtin:'.length) };
  if (value.startsWith('custom:')) return { kind: 'custom', id: value.slice('custom:'.length) };
  return { kind: 'none' };
}
