// The embed login modal's sign-in ways (src/ui/embed-frame/login/modal-options.ts): the host's
// loginConfig over fresh defaults, never over the deployment's offer or the defaults themselves.
import { loginItemOf } from '../../src/ui/pages/login/LoginOptions';
import { modalLoginItems } from '../../src/ui/embed-frame/login/modal-options';
import type { LoginConfigItem } from '../../src/ui/view-models/login-options';

const offered = Object.freeze([
  Object.freeze({ verifier: 'google', typeOfLogin: 'google', flavour: 'oidc' } as const),
  Object.freeze({ verifier: 'github', typeOfLogin: 'github', flavour: 'oauth' } as const),
]);

describe('modalLoginItems', () => {
  it('without a host config: the login page’s own buttons', () => {
    expect(modalLoginItems(offered, {})).toEqual(offered.map(loginItemOf));
  });

  it('lays the host’s entry over the defaults without changing either, keeps the deployment’s typeOfLogin, refuses unknown verifiers and hides showOnModal: false', () => {
    const host: Record<string, LoginConfigItem> = Object.freeze({
      google: Object.freeze({
        verifier: 'google',
        typeOfLogin: 'jwt',
        name: 'Work account',
        description: 'Use your work e-mail',
        priority: 5,
      }),
      github: Object.freeze({
        verifier: 'github',
        typeOfLogin: 'github',
        name: 'GitHub',
        showOnModal: false,
      }),
      twitter: Object.freeze({ verifier: 'twitter', typeOfLogin: 'twitter', name: 'Twitter' }),
    });
    const before = loginItemOf(offered[0]!);
    expect(modalLoginItems(offered, host)).toEqual([
      {
        ...before,
        name: 'Work account',
        description: 'Use your work e-mail',
        priority: 5,
        typeOfLogin: 'google',
      },
    ]);
    // A second call gives the same: nothing was changed in place.
    expect(modalLoginItems(offered, host)).toHaveLength(1);
    expect(loginItemOf(offered[0]!)).toEqual(before);
  });

  it('ignores inherited keys of the host config', () => {
    const host = Object.create({
      google: { verifier: 'google', typeOfLogin: 'google', name: 'x', showOnModal: false },
    }) as Record<string, LoginConfigItem>;
    expect(modalLoginItems(offered, host)).toEqual(offered.map(loginItemOf));
  });
});
