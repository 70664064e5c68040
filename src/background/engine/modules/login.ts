import {
  LoginController,
  loginControllerMetadata,
  loginControllerName,
} from '../../../controllers/login/LoginController';
import { defineController } from '../controller-module';
import { keyringModule } from './keyring';

export const loginModule = defineController(LoginController, {
  name: loginControllerName,
  metadata: loginControllerMetadata,
  // The rebuilt key goes straight into the keyring, inside the background.
  uses: { keyring: keyringModule },
  options: ({ services, options, uses }) => ({
    backend: services.backend,
    keyring: uses.keyring,
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
