/**
 * Every controller the engine runs, one descriptor each. Adding a controller is one file here
 * and one line in this list; the engine derives the rest (see ../controller-module.ts). The
 * list order is the order of state keys; dependencies always come first whatever the order.
 */
import { accountTrackerModule } from './account-tracker';
import { assetDiscoveryModule } from './asset-discovery';
import { approvalModule } from './approvals';
import { backendRecordsModule } from './backend-records';
import { backendSessionModule } from './backend-session';
import { collectiblesModule } from './collectibles';
import { currencyModule } from './currency';
import { gasFeeModule } from './gas';
import { keyringModule } from './keyring';
import { loginModule } from './login';
import { networkModule } from './network';
import { pastTransactionsModule } from './past-transactions';
import { permissionModule } from './permissions';
import { preferencesModule } from './preferences';
import { signatureModule } from './signatures';
import { tokenRatesModule } from './token-rates';
import { tKeyModule } from './tkey';
import { tokensModule } from './tokens';
import { transactionModule } from './transactions';
import { userRecordModule } from './user-record';
import { whiteLabelModule } from './white-label';

export const CONTROLLER_MODULES = [
  whiteLabelModule,
  networkModule,
  preferencesModule,
  keyringModule,
  tKeyModule,
  loginModule,
  accountTrackerModule,
  gasFeeModule,
  approvalModule,
  permissionModule,
  signatureModule,
  transactionModule,
  currencyModule,
  backendSessionModule,
  userRecordModule,
  backendRecordsModule,
  assetDiscoveryModule,
  tokensModule,
  tokenRatesModule,
  collectiblesModule,
  pastTransactionsModule,
] as const;

export type ControllerModules = typeof CONTROLLER_MODULES;
