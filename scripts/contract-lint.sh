#!/usr/bin/env bash
# Contract hygiene: Spectral with openapi/.spectral.yaml (OpenAPI rules plus Docent's
# conventions), then the breaking changes against the last released contract, failing on those
# openapi/approved-changes.yaml does not approve. Tools are pinned and installed on first use:
# Spectral through pnpm dlx, oasdiff with go install into clients/.tools/bin (gitignored).
set -euo pipefail
cd "$(dirname "$0")/.."
SPECTRAL=@stoplight/spectral-cli@6.16.3
# v1.33.0: later releases need a module the Go proxy does not serve.
OASDIFF_VERSION=v1.33.0
TOOLS=$(pwd)/clients/.tools/bin
started=$(date +%s)

echo "== contract lint: spectral ($SPECTRAL)"
pnpm dlx "$SPECTRAL" lint openapi/openapi.yaml --ruleset openapi/.spectral.yaml --fail-severity=warn

echo "== contract lint: breaking changes (oasdiff $OASDIFF_VERSION)"
if ! go version -m "$TOOLS/oasdiff" 2>/dev/null | grep -q "github.com/oasdiff/oasdiff[[:space:]]*$OASDIFF_VERSION"; then
  GOBIN="$TOOLS" go install "github.com/oasdiff/oasdiff@$OASDIFF_VERSION"
fi
OASDIFF="$TOOLS/oasdiff" node scripts/contract-breaking.mjs

echo "== contract lint: done in $(($(date +%s) - started)) s"
