#!/usr/bin/env bash
# What `npm test` needs beyond `npm ci` (README, "Tests"), which `npm test` runs first:
# - a Chromium for the e2e tests: CHROMIUM_PATH, by default Debian's /usr/bin/chromium (scripts/chromium.ts);
# - a PostgreSQL server for the API suite's second run and the PostgreSQL store's tests: TEST_DATABASE_URL, by
#   default the role mws/mws on 127.0.0.1:5432;
# - haproxy, nginx and envsubst for the load balancer tests (test/deploy/).
# As root on Debian (CI, a fresh container) it installs and starts what is missing. Otherwise it says what is missing
# and, in one line, exactly what to run for it; the tests that need it then say NOT RUN (and scripts/count-results.mjs
# lists them) while everything else runs. It never fails `npm test` itself: it exits 0.
#
# Only bash builtins decide what is missing (no tool on PATH is assumed), so it reports truthfully on a bare machine.
set -uo pipefail

source_path="${BASH_SOURCE[0]}"
[[ "$source_path" == */* ]] || source_path="./$source_path"
script="$(cd "${source_path%/*}" && pwd)/${source_path##*/}"
reported=""
say() {
  echo "test prerequisites: $*"
  reported=1
}

is_root() { [ "${EUID:-1}" -eq 0 ]; }
has() { command -v "$1" >/dev/null 2>&1; }
# Debian's package manager: what this script installs with, as root.
on_debian() { [ -r /etc/debian_version ] && has apt-get; }
# A command on PATH or where Debian puts daemons (/usr/sbin is not on every user's PATH).
installed() { has "$1" || [ -x "/usr/sbin/$1" ]; }

apt_updated=""
apt_install() {
  export DEBIAN_FRONTEND=noninteractive
  if [ -z "$apt_updated" ]; then
    apt-get update -qq || return 1
    apt_updated=1
  fi
  apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# Whether something accepts connections on host:port (bash's /dev/tcp; a subshell, so no descriptor stays open).
answers() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

missing=() # what the instruction at the end installs

# Chromium ------------------------------------------------------------------------------------------------------------
chromium_path="${CHROMIUM_PATH-/usr/bin/chromium}"
if [ -z "$chromium_path" ]; then
  : # CHROMIUM_PATH='': Playwright's own browser, which playwright.config.ts checks (`npx playwright install chromium`)
elif [ -f "$chromium_path" ] && [ -x "$chromium_path" ]; then
  :
elif [ -n "${CHROMIUM_PATH:-}" ]; then
  # Someone chose this path: installing Debian's would not put a browser there.
  say "no Chromium at $chromium_path (CHROMIUM_PATH): the e2e tests will be NOT RUN. To run them: set CHROMIUM_PATH to a Chromium executable, or unset it to use Debian's /usr/bin/chromium"
elif is_root && on_debian; then
  say "installing Debian's chromium for the e2e tests…"
  apt_install chromium fonts-dejavu-core || say "could not install chromium (apt-get failed): the e2e tests will be NOT RUN"
elif on_debian; then
  say "no Chromium at /usr/bin/chromium: the e2e tests will be NOT RUN"
  missing+=(Chromium)
else
  say "no Chromium at /usr/bin/chromium: the e2e tests will be NOT RUN. To run them: npx playwright install chromium && CHROMIUM_PATH= npm test (or CHROMIUM_PATH=/path/to/chromium npm test)"
fi

# PostgreSQL ----------------------------------------------------------------------------------------------------------
# Debian's server with a cluster on port 5432 started and a superuser `mws` (password `mws`), TEST_DATABASE_URL's
# default. Only the cluster on 5432 is touched: others on the machine (say a test's throwaway one on another port,
# stopped on purpose) are left as they are.
setup_postgres() {
  if ! has pg_lsclusters; then
    say "installing Debian's postgresql for the PostgreSQL tests…"
    apt_install postgresql || { say "could not install postgresql (apt-get failed): the PostgreSQL tests will be NOT RUN"; return; }
  fi
  local cluster version name
  cluster=$(pg_lsclusters --no-header 2>/dev/null | awk '$3 == 5432' | head -n 1)
  # A server that is not Debian's answers there: nothing of ours to start or make.
  if [ -z "$cluster" ] && answers 127.0.0.1 5432; then return; fi
  if [ -z "$cluster" ]; then
    version=$(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -n 1)
    if [ -z "$version" ] || ! pg_createcluster --port 5432 "$version" main >/dev/null; then
      say "no PostgreSQL cluster could be made on port 5432: the PostgreSQL tests will be NOT RUN"
      return
    fi
    cluster=$(pg_lsclusters --no-header | awk '$3 == 5432' | head -n 1)
  fi
  version=$(echo "$cluster" | awk '{print $1}')
  name=$(echo "$cluster" | awk '{print $2}')
  if ! echo "$cluster" | grep -q online; then
    pg_ctlcluster "$version" "$name" start || { say "PostgreSQL $version/$name did not start: the PostgreSQL tests will be NOT RUN"; return; }
  fi
  su postgres -c "psql -p 5432 -tAc \"SELECT 1 FROM pg_roles WHERE rolname = 'mws'\"" 2>/dev/null | grep -q 1 ||
    su postgres -c "psql -p 5432 -qc \"CREATE ROLE mws SUPERUSER LOGIN PASSWORD 'mws'\"" ||
    say "could not create the PostgreSQL role mws: the PostgreSQL tests will be NOT RUN"
}

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  : # a server of one's own: vitest.config.ts says NOT RUN, with the reason, when it does not answer
elif is_root && on_debian && { ! answers 127.0.0.1 5432 || has pg_lsclusters; }; then
  # Nothing answers, or Debian's own server does (then only the role may be missing): make it what the tests expect.
  setup_postgres
elif ! answers 127.0.0.1 5432; then
  if on_debian; then
    say "nothing answers on 127.0.0.1:5432: the PostgreSQL tests will be NOT RUN"
    missing+=(PostgreSQL)
  else
    say "nothing answers on 127.0.0.1:5432: the PostgreSQL tests will be NOT RUN. To run them: start a PostgreSQL server with a role that may create databases and set TEST_DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/postgres"
  fi
fi

# HAProxy, nginx, envsubst ------------------------------------------------------------------------------------------
balancers=()
installed haproxy || balancers+=(haproxy)
installed nginx || balancers+=(nginx)
installed envsubst || balancers+=(gettext-base)
if [ ${#balancers[@]} -gt 0 ]; then
  if is_root && on_debian; then
    say "installing Debian's ${balancers[*]} for the load balancer tests…"
    apt_install "${balancers[@]}" || say "could not install ${balancers[*]} (apt-get failed): the load balancer tests will be NOT RUN"
  elif on_debian; then
    say "missing ${balancers[*]}: the load balancer tests will be NOT RUN"
    missing+=("${balancers[@]}")
  else
    say "missing ${balancers[*]/gettext-base/envsubst}: the load balancer tests will be NOT RUN. To run them: install haproxy, nginx and envsubst (gettext) with the system's package manager"
  fi
fi

# The one line to run ---------------------------------------------------------------------------------------------
if [ ${#missing[@]} -gt 0 ]; then
  printf -v quoted '%q' "$script"
  if has sudo; then run_as_root="sudo bash $quoted"; else run_as_root="su -c 'bash $quoted'"; fi
  say "to install ${missing[*]} and start what they need, run: $run_as_root"
elif [ -z "$reported" ]; then
  say "Chromium, PostgreSQL, haproxy, nginx and envsubst are here"
fi
exit 0
