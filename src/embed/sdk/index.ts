// The dapp SDK (torus-embed 5.0.2's API). Importing this touches no browser global.
export {
  OrreryEmbed,
  OrreryEmbed as default,
  type InitParams,
  type NetworkParams,
  type OrreryEmbedOptions,
} from './orrery-embed';
export {
  EmbedProvider,
  EmbedProviderError,
  type EmbedProviderEvent,
  type RequestArguments,
} from './embed-provider';
export { announceProvider, ORRERY_ICON, ORRERY_RDNS, type Eip6963ProviderInfo } from './eip6963';
