#!/usr/bin/env bash
# `npm test`: installs what the suite needs, then runs type checking, lint, formatting, the build
# and every test (unit, chain, database, browser). CI runs exactly this (see .ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

# npm ci cannot be used: the registry lacks other platforms' optional anvil binaries, so the
# lockfile cannot list them (see shared/reference/stack.md). npm install keeps the lockfile.
npm install --no-audit --no-fund --loglevel=error

apt_install() {
  if [ "$(id -u)" != 0 ]; then
    echo "Missing $*: install it with apt-get (needs root)." >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
[ -x /usr/bin/chromium ] || apt_install chromium
[ -x /usr/lib/postgresql/15/bin/initdb ] || apt_install postgresql-15

echo '== types'; npx tsc --noEmit -p .
echo '== lint'; npx eslint --max-warnings=0 .
echo '== format'; npx prettier --check . >/dev/null || { npx prettier --check . ; exit 1; }
mkdir -p test-results
echo '== build'
npx webpack --mode production >test-results/build.log 2>&1 || { cat test-results/build.log; exit 1; }

echo '== tests'
status=0
npx jest --ci --json --outputFile=test-results/jest.json "$@" || status=$?
node -e '
  const r = require("./test-results/jest.json");
  console.log(`Tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`);
'
exit "$status"
