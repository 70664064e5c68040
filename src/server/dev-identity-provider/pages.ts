// The development identity provider's pages: its index, the sign-in page (choose a test user
// or type any email), the consent page and errors. Plain HTML forms, no script.
import { TEST_USERS } from './users';

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)} | Orrery development sign-in</title>
<style>
body{font-family:system-ui,sans-serif;max-width:30rem;margin:2rem auto;padding:0 1rem;color:#1b1b1f}
h1{font-size:1.4rem}button{font:inherit;padding:.5rem 1rem;margin:.25rem 0;cursor:pointer}
.user{display:block;width:100%;text-align:left}label{display:block;margin-top:1rem}
input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}.note{color:#555;font-size:.9rem}
</style></head><body>
<p class="note">Orrery development identity provider: for local use and tests only.</p>
${body}
</body></html>`;
}

export function signInPage(uid: string, clientId: string): string {
  const action = `/interaction/${encodeURIComponent(uid)}`;
  const users = TEST_USERS.map(
    (u) => `<form method="post" action="${action}/login">
<input type="hidden" name="email" value="${escape(u.email)}">
<button class="user" type="submit">Continue as ${escape(u.name)} &lt;${escape(u.email)}&gt;</button>
</form>`,
  ).join('\n');
  return page(
    'Sign in',
    `<h1>Sign in to continue to ${escape(clientId)}</h1>
<h2>Test users</h2>
${users}
<h2>Or any email address</h2>
<form method="post" action="${action}/login">
<label for="email">Email address</label>
<input id="email" name="email" type="email" required autocomplete="email">
<button type="submit">Sign in</button>
</form>
<form method="post" action="${action}/abort"><button type="submit">Cancel</button></form>`,
  );
}

export function consentPage(
  uid: string,
  clientId: string,
  email: string,
  scopes: string[],
): string {
  const action = `/interaction/${encodeURIComponent(uid)}`;
  const items = scopes.map((s) => `<li>${escape(s)}</li>`).join('');
  return page(
    'Allow access',
    `<h1>Allow ${escape(clientId)} to sign you in?</h1>
<p>Signed in as ${escape(email)}. It asks for:</p>
<ul>${items || '<li>your identity</li>'}</ul>
<form method="post" action="${action}/consent"><button type="submit">Allow</button></form>
<form method="post" action="${action}/abort"><button type="submit">Deny</button></form>`,
  );
}

export function indexPage(issuer: string, clients: string[]): string {
  const users = TEST_USERS.map((u) => `<li>${escape(u.name)} &lt;${escape(u.email)}&gt;</li>`).join(
    '',
  );
  return page(
    'Index',
    `<h1>Development identity provider</h1>
<p>Issuer <code>${escape(issuer)}</code>
(<a href="/.well-known/openid-configuration">discovery</a>). It stands in for every login verifier:
client id = verifier, secret <code>orrery-dev-secret-&lt;verifier&gt;</code>.</p>
<p>Clients: ${clients.map(escape).join(', ')}</p>
<h2>Test users</h2><ul>${users}</ul><p>Any other email address signs in as a new user.</p>`,
  );
}

export function errorPage(message: string): string {
  return page('Error', `<h1>Sign-in failed</h1><p>${escape(message)}</p>`);
}
