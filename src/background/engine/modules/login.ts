import {
  LOGIN_CONTROLLER_DELEGATED_EVENTS,
  LoginController,
  loginControllerMetadata,
  loginControllerName,
} from '../../../controllers/login/LoginController';
import { defineController } from '../controller-module';
import { keyringModule } from './keyring';
import { tKeyModule } from './tkey';

export const loginModule = defineController(LoginController, {
  name: loginControllerName,
  metadata: loginControllerMetadata,
  events: LOGIN_CONTROLLER_DELEGATED_EVENTS,
  // The rebuilt key goes straight into the keyring, inside the background.
  uses: { keyring: keyringModule, tkey: tKeyModule },
  options: ({ services, options, uses }) => ({
    backend: services.backend,
    keyring: uses.keyring,
    tkey: uses.tkey,
    now: options.now,
    sessions: options.loginSessions,
  }),
  // The sign-in buttons need the identity service's config; the engine does not wait for it.
  init: (login) => {
    void login.refreshLoginOptions();
  },
  destroy: (login) => {
    login.stopLoginOptionsRetry();
    login.cancelSocialLogin();
  },
});
