#!/usr/bin/env bash
# Contract fuzzing: schemathesis generates requests from the live server's /openapi.json (valid and
# invalid data, examples, boundaries, stateful chains) and checks every response against the
# contract: no 5xx, only documented status codes, documented content types, bodies and headers
# that match their schemas, invalid data rejected, auth enforced. Deterministic (derandomized
# generation, one worker, a fixed number of examples), so CI sees the same cases every run.
#
#   scripts/contract-fuzz.sh                      what CI runs
#   DOCENT_FUZZ_SEED=123 DOCENT_FUZZ_MAX_EXAMPLES=500 scripts/contract-fuzz.sh   explore further
#
# Reports (JUnit, NDJSON, the full output of each pass) go to test-artifacts/contract-fuzz/;
# settings that never change per run are in clients/fuzz/schemathesis.toml.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
VENV=clients/fuzz/.venv
REPORTS=test-artifacts/contract-fuzz
MAX_EXAMPLES=${DOCENT_FUZZ_MAX_EXAMPLES:-100}

if [ "${1:-}" != "--in-namespace" ]; then
  started=$(date +%s)
  echo "== contract fuzz: install schemathesis, build the server"
  [ -x "$VENV/bin/schemathesis" ] || python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check -r clients/fuzz/requirements.txt
  pnpm exec turbo run build --filter=@docent/api... --filter=@docent/source-fakes --filter=@docent/test-support --output-logs=errors-only
  rm -rf "$REPORTS" && mkdir -p "$REPORTS"
  # The fuzzer fills source URLs with whatever it likes, and the server connects to them. In a
  # network namespace of its own only loopback exists, so no request can leave the machine.
  if unshare --net true 2>/dev/null; then
    unshare --net "$0" --in-namespace
  else
    echo "(no network namespace here: create_ingestion, which makes the server connect out, is left out)"
    DOCENT_FUZZ_NO_NAMESPACE=1 "$0" --in-namespace
  fi
  echo "== contract fuzz: done in $(($(date +%s) - started)) s"
  exit 0
fi

[ -n "${DOCENT_FUZZ_NO_NAMESPACE:-}" ] || ip link set lo up

coproc FIXTURE { node clients/smoke/start-fixture.mjs --ingest-handbook --rate-limit-per-minute 1000000 2>"$REPORTS/server.log"; }
FIXTURE_IN=${FIXTURE[1]}
# Closing the fixture's stdin stops the server and the fake wiki.
trap 'exec {FIXTURE_IN}>&-; wait' EXIT
read -r fixture <&"${FIXTURE[0]}" || { cat "$REPORTS/server.log" >&2; exit 1; }
field() { node -e 'console.log(JSON.parse(process.argv[1])[process.argv[2]])' "$fixture" "$1"; }
BASE_URL=$(field base_url)
API_KEY=$(field api_key)

if [ -n "${DOCENT_FUZZ_SEED:-}" ]; then
  generation=(--seed "$DOCENT_FUZZ_SEED")
else
  generation=(--generation-deterministic)
fi
exclude_outbound=()
[ -z "${DOCENT_FUZZ_NO_NAMESPACE:-}" ] || exclude_outbound=(--exclude-operation-id createIngestion)

total=0
failed=0
# Pass 1 works on the ingested acme/handbook (the contract's examples name it); pass 2 runs the
# operations that delete it.
passes=(
  "read-and-write:--exclude-operation-id deleteDocument --exclude-operation-id deleteCollection"
  "deletes:--include-operation-id deleteDocument --include-operation-id deleteCollection"
)
for pass in "${passes[@]}"; do
  name=${pass%%:*}
  read -r -a selection <<<"${pass#*:}"
  log="$REPORTS/$name.txt"
  pass_started=$(date +%s)
  status=0
  # From the reports folder, where schemathesis also keeps its replay cache.
  (cd "$REPORTS" && "$ROOT/$VENV/bin/schemathesis" --config-file "$ROOT/clients/fuzz/schemathesis.toml" \
    run "$BASE_URL/openapi.json" --url "$BASE_URL" \
    --header "Api-Key: $API_KEY" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance,negative_data_rejection,ignored_auth \
    --mode all "${generation[@]}" --max-examples "$MAX_EXAMPLES" --workers 1 \
    "${selection[@]}" "${exclude_outbound[@]}" \
    --report junit,ndjson --report-junit-path "$name.junit.xml" --report-ndjson-path "$name.ndjson" \
    --no-color) >"$log" 2>&1 || status=$?
  cases=$(sed -n 's/^ *\([0-9][0-9]*\) generated.*/\1/p' "$log" | tail -1)
  echo "pass $name: ${cases:-?} cases, exit $status, $(($(date +%s) - pass_started)) s"
  total=$((total + ${cases:-0}))
  if [ "$status" -ne 0 ]; then
    failed=1
    # Failing cases can carry megabytes of generated data: show the start of each line only.
    sed -n '/FAILURES\|ERRORS/,$p' "$log" | cut -c1-400 | head -150
  fi
done
echo "contract fuzz: $total cases"
exit "$failed"
