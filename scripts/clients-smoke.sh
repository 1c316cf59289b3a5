#!/usr/bin/env bash
# The generated clients against a live Docent, each in its own language's test runner: the
# TypeScript client (packages/contract, jest), Python (pytest), Go (go test) and Java (Maven,
# JUnit). Each suite starts the service and a fake Confluence itself (clients/smoke/
# start-fixture.mjs or the jest harness), ingests the handbook, asks, and checks how a 400 and a
# 401 surface. Installs stay local: clients/python/.venv, Go's module cache, ~/.m2.
#
#   scripts/clients-smoke.sh                 all four
#   scripts/clients-smoke.sh python go       some of them (typescript, python, go, java)
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
# The offline model the fixture server embeds with (as in CI and the jest suites).
export DOCENT_MODELS_DIR="${DOCENT_MODELS_DIR:-$(cd .. && pwd)/shared/models}"
export DOCENT_EMBEDDING_MODEL="${DOCENT_EMBEDDING_MODEL:-local/all-MiniLM-L6-v2}"
export DOCENT_EMBEDDING_DTYPE="${DOCENT_EMBEDDING_DTYPE:-q8}"
CLIENTS=("$@")
[ ${#CLIENTS[@]} -gt 0 ] || CLIENTS=(typescript python go java)

echo "== clients smoke: build the server and the fakes"
pnpm exec turbo run build --filter=@docent/api... --filter=@docent/source-fakes --filter=@docent/test-support --output-logs=errors-only || exit 1

smoke_typescript() {
  pnpm exec jest --ci apps/api/test/e2e/typescript-client.e2e.test.ts
}

smoke_python() {
  local venv=clients/python/.venv
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv" || return 1
  # A regular (not editable) install, reinstalled every run: the tests use the package as users
  # install it. setuptools leaves build/ and the egg-info in the source folder.
  "$venv/bin/pip" install --quiet --disable-pip-version-check "./clients/python[test]" &&
    rm -rf clients/python/build clients/python/docent_client.egg-info &&
    (cd clients/python && .venv/bin/pytest -p no:cacheprovider)
}

smoke_go() {
  (cd clients/go && go vet ./... && go test -count=1 ./...)
}

smoke_java() {
  (cd clients/java && mvn --batch-mode --no-transfer-progress -Dstyle.color=never verify)
}

failed=()
summary=()
for client in "${CLIENTS[@]}"; do
  if ! declare -F "smoke_$client" >/dev/null; then
    echo "unknown client '$client' (typescript, python, go, java)" >&2
    exit 2
  fi
  echo "== clients smoke: $client"
  started=$(date +%s)
  if "smoke_$client"; then result=ok; else result=FAILED; failed+=("$client"); fi
  summary+=("$client: $result ($(($(date +%s) - started)) s)")
  cd "$ROOT"
done

echo "== clients smoke: summary"
printf '   %s\n' "${summary[@]}"
[ ${#failed[@]} -eq 0 ] || { echo "failed: ${failed[*]}" >&2; exit 1; }
