# Shared helpers of the ops scripts: PostgreSQL, toolchains, the web build.
# Sourced, not run. Every function is idempotent.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="$ROOT/.data"
PGDATA_DIR="$DATA/pg"
PGSOCK_DIR="$DATA/pg-socket"
PG_PORT="${GBVF_PG_PORT:-54329}"

log() { printf '==> %s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    log "need root to run: $*"; return 1; fi
}

apt_install() {
  log "installing with apt: $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

pg_bindir() {
  local d
  d="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  [ -n "$d" ] && [ -x "$d/initdb" ] && echo "$d"
}

# Runs a PostgreSQL server binary; as root it runs as the postgres system user (initdb and
# postgres refuse to run as root).
pg_as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# Sets DATABASE_URL: the given one, or a project-local cluster under .data/ (created and
# started when needed, from the machine's PostgreSQL server binaries, installed if missing).
ensure_postgres() {
  if [ -n "${DATABASE_URL:-}" ]; then
    log "using DATABASE_URL from the environment"
    return 0
  fi
  local bin
  bin="$(pg_bindir || true)"
  if [ -z "$bin" ]; then
    apt_install postgresql
    bin="$(pg_bindir)"
  fi
  mkdir -p "$DATA"
  if [ "$(id -u)" = 0 ]; then chmod 755 "$DATA"; fi
  if [ ! -f "$PGDATA_DIR/PG_VERSION" ]; then
    log "creating the project's PostgreSQL cluster in .data/pg"
    mkdir -p "$PGDATA_DIR" "$PGSOCK_DIR"
    if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$PGDATA_DIR" "$PGSOCK_DIR"; fi
    pg_as_owner "$bin/initdb" -D "$PGDATA_DIR" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >/dev/null
  fi
  mkdir -p "$PGSOCK_DIR"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$PGSOCK_DIR"; fi
  if ! pg_as_owner "$bin/pg_ctl" -D "$PGDATA_DIR" status >/dev/null 2>&1; then
    log "starting PostgreSQL on 127.0.0.1:$PG_PORT"
    pg_as_owner "$bin/pg_ctl" -D "$PGDATA_DIR" -l "$PGDATA_DIR/server.log" -w \
      -o "-p $PG_PORT -k $PGSOCK_DIR -c listen_addresses=127.0.0.1 -c max_connections=300 -c shared_buffers=256MB" start >/dev/null
  fi
  export DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/gbvf"
  if ! psql "postgres://postgres@127.0.0.1:$PG_PORT/postgres" -tAc "SELECT 1 FROM pg_database WHERE datname='gbvf'" | grep -q 1; then
    psql "postgres://postgres@127.0.0.1:$PG_PORT/postgres" -qc "CREATE DATABASE gbvf" >/dev/null
  fi
}

stop_postgres() {
  local bin
  bin="$(pg_bindir || true)"
  if [ -n "$bin" ] && [ -f "$PGDATA_DIR/PG_VERSION" ]; then
    pg_as_owner "$bin/pg_ctl" -D "$PGDATA_DIR" -m fast stop || true
  fi
}

ensure_rust() {
  if ! command -v cargo >/dev/null; then
    [ -x "$HOME/.cargo/bin/cargo" ] && export PATH="$HOME/.cargo/bin:$PATH"
  fi
  command -v cargo >/dev/null || { log "a Rust toolchain (cargo) is required: https://rustup.rs"; return 1; }
  command -v cc >/dev/null || apt_install build-essential
  # ops/test runs cargo fmt --check and clippy.
  if command -v rustup >/dev/null; then
    cargo fmt --version >/dev/null 2>&1 || rustup component add rustfmt
    cargo clippy --version >/dev/null 2>&1 || rustup component add clippy
  fi
}

ensure_node() {
  if ! command -v node >/dev/null || ! node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a==20&&b>=19)?0:1)'; then
    apt_install nodejs npm
  fi
}

ensure_psql() {
  command -v psql >/dev/null || apt_install postgresql-client
}

# A real SMTP server for the durable e-mail tests (api/tests/mail.rs): Python's aiosmtpd in a
# project venv under .data/venv (pip from PyPI, pinned). Exports GBVF_SMTP_SINK_PYTHON.
ensure_smtp_sink() {
  if [ ! -x "$DATA/venv/bin/python" ] || ! "$DATA/venv/bin/python" -c 'import aiosmtpd' 2>/dev/null; then
    command -v python3 >/dev/null || apt_install python3 python3-venv
    log "installing aiosmtpd (SMTP sink for the mail tests) into .data/venv"
    mkdir -p "$DATA"
    python3 -m venv "$DATA/venv" || { apt_install python3-venv; python3 -m venv "$DATA/venv"; }
    "$DATA/venv/bin/pip" install -q 'aiosmtpd==1.4.6'
  fi
  export GBVF_SMTP_SINK_PYTHON="$DATA/venv/bin/python"
}

# A Python venv at .data/$1 holding exactly the pinned packages $2... (pip specs `name==version`):
# made, or remade when any pin is missing from it.
ensure_pinned_venv() {
  local venv="$DATA/$1"; shift
  local frozen
  frozen=$("$venv/bin/pip" freeze 2>/dev/null || true)
  for spec in "$@"; do
    if ! grep -qix "$spec" <<<"$frozen"; then
      command -v python3 >/dev/null || apt_install python3 python3-venv
      log "installing $* into .data/${venv##*/}"
      mkdir -p "$DATA"
      python3 -m venv "$venv" || { apt_install python3-venv; python3 -m venv "$venv"; }
      "$venv/bin/pip" install -q "$@"
      return
    fi
  done
}

# Schemathesis (API fuzzing from the OpenAPI document, docs/reliability.md) in its own venv under
# .data/st-venv, pinned with the Hypothesis it was run with. Exports SCHEMATHESIS.
ensure_schemathesis() {
  ensure_pinned_venv st-venv 'schemathesis==4.32.5' 'hypothesis==6.170.15'
  export SCHEMATHESIS="$DATA/st-venv/bin/schemathesis"
}

# The Frictionless Data tool and a JSON-LD processor, pinned, in .data/od-venv (open data checks).
# Exports OPEN_DATA_VENV.
ensure_frictionless() {
  ensure_pinned_venv od-venv 'frictionless==5.18.1' 'PyLD==2.0.4'
  export OPEN_DATA_VENV="$DATA/od-venv"
}

# Checks the open data of the server on 127.0.0.1:$1 as a harvester would (decision 0164): the
# DCAT catalogue expands as JSON-LD and names every dataset's Data Package
# (ops/open-data-check.py), and `frictionless validate` passes on each package (schemas, every
# row, sizes and SHA-256 hashes).
check_open_data() {
  local port="$1" packages
  ensure_frictionless
  packages=$("$OPEN_DATA_VENV/bin/python" "$ROOT/ops/open-data-check.py" "http://127.0.0.1:$port") || return 1
  for p in $packages; do
    "$OPEN_DATA_VENV/bin/frictionless" validate "$p" > "$DATA/frictionless.log" 2>&1 \
      || { tail -60 "$DATA/frictionless.log"; echo "frictionless validate failed on $p"; return 1; }
    echo "frictionless validate: $p valid"
  done
}

ensure_chromium() {
  command -v chromium >/dev/null || [ -x /usr/bin/chromium ] || apt_install chromium fonts-dejavu-core
}

# Builds the web app into web/dist when its sources changed since the last build.
build_web() {
  ensure_node
  cd "$ROOT/web"
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "installing web dependencies"
    npm ci --no-audit --no-fund --loglevel=error
  fi
  if [ ! -f dist/index.html ] || [ -n "$(find src index.html vite.config.* package.json -newer dist/index.html 2>/dev/null | head -n 1)" ]; then
    log "building the web app"
    npm run build --silent
  fi
  cd "$ROOT"
}

build_server() {
  ensure_rust
  log "building gbvf (release)"
  (cd "$ROOT" && cargo build --release --quiet -p gbvf-api)
}

GBVF="${CARGO_TARGET_DIR:-$ROOT/target}/release/gbvf"

# The API fuzzing step of ops/test (and ops/fuzz-repeat): schemathesis from /api/openapi.json
# against `gbvf serve` on 127.0.0.1:$1 (database $2, executable $3; started with
# GBVF_TRUSTED_PROXIES=127.0.0.1 so the fixtures can come from an address of their own),
# anonymous then with an
# administrator's session. Fails on any server error and on any answer the document does not
# describe: a body that does not fit the declared response schema, a content type or a status
# code it does not declare; and on schemathesis's "mostly rejected generated data" warning
# (validation_mismatch): every operation must have requests the document calls valid that the
# server serves. The hooks copy a password into its confirmation (web/e2e/lib/fuzz_hooks.py).
# Both runs use a fixed seed and two workers; $4 names the log files (default schemathesis).
# Each run sends its requests as from addresses of its own ($5, default 0: 198.51.100.(2n+1)
# anonymous, .(2n+2) administrator, 203.0.113.(n+1) fixtures; the server trusts 127.0.0.1 as a
# proxy), so no run starts with attempt limits (sign-in, one-time codes) that an earlier run or
# the browser tests spent: a limit's window would otherwise decide by chance whether an
# operation sees any success.
fuzz_api() {
  local port="$1" db_url="$2" gbvf="$3" name="${4:-schemathesis}" n="${5:-0}"
  local anonymous_from="198.51.100.$((2 * n + 1))" admin_from="198.51.100.$((2 * n + 2))"
  local fixtures_from="203.0.113.$((n + 1))"
  ensure_schemathesis
  export SCHEMATHESIS_HOOKS="$ROOT/web/e2e/lib/fuzz_hooks.py"
  local checks=not_a_server_error,response_schema_conformance,content_type_conformance,status_code_conformance
  printf '[warnings]\nfail-on = ["validation_mismatch"]\n' > "$DATA/$name.toml"
  # Anonymous requests (fuzzing phase; the coverage phase trips a Hypothesis error on this
  # Python). At least 5,000 requests.
  "$SCHEMATHESIS" --config-file "$DATA/$name.toml" \
    run "http://127.0.0.1:$port/api/openapi.json" --phases fuzzing \
    --checks "$checks" --max-examples 150 --workers 2 --seed 20261123 --no-color \
    -H "X-Forwarded-For: $anonymous_from" \
    > "$DATA/$name.log" 2>&1 || { tail -80 "$DATA/$name.log"; return 1; }
  local generated
  generated=$(grep -oE '[0-9]+ generated' "$DATA/$name.log" | tail -1 | cut -d' ' -f1)
  grep -E 'generated|passed' "$DATA/$name.log" | tail -3
  if [ "${generated:-0}" -lt 5000 ]; then
    echo "schemathesis generated only ${generated:-0} requests (at least 5000 expected)"; return 1
  fi
  log "API fuzzing with an administrator's session (every permission; sign-out excluded so the session lives)"
  # The administrator is created with the CLI and signed in through the reset flow; the records
  # the operations need are created through the API first and their ids given to the operations
  # in a schemathesis configuration (web/e2e/lib/fuzz-fixtures.mjs).
  # They come from their own address: the anonymous run spends the code-request limit of
  # its address, and a fixture's sign-in through the reset flow must not depend on when that
  # limit's window began (it failed CI by chance once).
  (cd "$ROOT/web" && BASE_URL="http://127.0.0.1:$port" DATABASE_URL="$db_url" GBVF_BIN="$gbvf" \
    GBVF_FORWARDED_FOR="$fixtures_from" node e2e/lib/fuzz-fixtures.mjs "$DATA/$name-admin-headers.txt" "$DATA/$name-admin.toml") \
    || { echo "the administrator's fixtures could not be created"; return 1; }
  local headers
  mapfile -t headers < "$DATA/$name-admin-headers.txt"
  "$SCHEMATHESIS" --config-file "$DATA/$name-admin.toml" \
    run "http://127.0.0.1:$port/api/openapi.json" --phases fuzzing \
    --checks "$checks" --max-examples 60 --workers 2 --seed 20261123 --no-color \
    -H "${headers[0]}" -H "${headers[1]}" -H "X-Forwarded-For: $admin_from" \
    --exclude-path /api/auth/logout \
    > "$DATA/$name-admin.log" 2>&1 || { tail -80 "$DATA/$name-admin.log"; return 1; }
  grep -E 'generated|passed' "$DATA/$name-admin.log" | tail -3
  # The session must still be signed in at the end, or the run tested only the refusals.
  local still
  still=$(curl -sf -X POST "http://127.0.0.1:$port/api/auth/userAuthenticated" \
    -H "${headers[0]}" -H "${headers[1]}")
  [[ "$still" == *'"isAuthenticated":true'* ]] \
    || { echo "the administrator's session ended during the fuzzing run"; return 1; }
}

# A new database named $1 on the DATABASE_URL server with the shipped data imported by the
# executable $2; prints its URL. The import's report goes to .data/$1-import.log.
shipped_database() {
  local name="$1" gbvf="$2"
  local admin_url="${DATABASE_URL%/*}/postgres" url="${DATABASE_URL%/*}/$1"
  psql "$admin_url" -qc "DROP DATABASE IF EXISTS $name WITH (FORCE)" -c "CREATE DATABASE $name" >/dev/null
  DATABASE_URL="$url" "$gbvf" import shipped --data-dir "$ROOT/data" > "$DATA/$name-import.log"
  echo "$url"
}

# Starts `gbvf serve` ($1 executable) on 127.0.0.1:$2 against database $3, as the browser tests
# and the fuzzing need it (development mode, login shown, the loopback trusted as a proxy),
# logging to $4; sets SERVER to its process id and returns once /api/health answers. Waits for
# the server's own state, up to GBVF_START_WAIT seconds (default 300: migrations and
# projections take longer on a busy machine), and fails at once if the process exits.
start_test_server() {
  local gbvf="$1" port="$2" url="$3" logfile="$4"
  # Another server on the port would answer the health check for this one.
  if curl -sf "http://127.0.0.1:$port/api/health" >/dev/null; then
    log "port $port already has a server: stop it first"; return 1
  fi
  # GBVF_READ_RATE_PER_SECOND passes through: unset gives the default per-client read limit.
  # The USSD survey is on, with test secrets (decision 0168): the organisation's screen shows
  # each link's short code.
  DATABASE_URL="$url" PORT="$port" GBVF_DEV_MODE=true GBVF_ENABLE_LOGIN=true GBVF_TRUSTED_PROXIES=127.0.0.1 \
    GBVF_READ_RATE_PER_SECOND="${GBVF_READ_RATE_PER_SECOND:-}" \
    GBVF_USSD_CALLBACK_SECRET=e2e-ussd-callback-secret-0123456789 \
    GBVF_USSD_PHONE_KEY=e2e-ussd-phone-key-kept-outside-the-database \
    "$gbvf" serve --web-dir "$ROOT/web/dist" > "$logfile" 2>&1 &
  SERVER=$!
  local deadline=$(( $(date +%s) + ${GBVF_START_WAIT:-300} ))
  until curl -sf "http://127.0.0.1:$port/api/health" >/dev/null; do
    if ! kill -0 "$SERVER" 2>/dev/null; then
      log "gbvf serve exited before answering; its log:"; tail -40 "$logfile" >&2; return 1
    fi
    if [ "$(date +%s)" -ge "$deadline" ]; then
      log "gbvf serve did not answer /api/health within ${GBVF_START_WAIT:-300} s"; return 1
    fi
    sleep 0.2
  done
}

# The browser step of ops/test: every web/e2e file in Debian's Chromium against `gbvf serve` on
# port $1 (database $2, executable $3), the outbox in $GBVF_OUTBOX_DIR.
run_e2e() {
  local port="$1" url="$2" gbvf="$3"
  (cd "$ROOT/web" && BASE_URL="http://127.0.0.1:$port" DATABASE_URL="$url" GBVF_BIN="$gbvf" npm run e2e --silent)
}
