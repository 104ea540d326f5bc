#!/usr/bin/env bash
# Dev-set evaluations of the shipped model next to NeMo's WFST ITN (writes docs/eval/*.json).
# Usage: U2TF_DEV=<folder with the dev sets> benchmarks/run_dev_evals.sh [MODEL]   (needs nemo_text_processing)
# The dev folder holds dialogsum.dev.jsonl, wikitext2.test.raw, qmsum.val.jsonl.gz, iwslt2011.dev2012.tsv and
# nemo_itn_test_cases/ (NeMo's ITN test cases).
set -euo pipefail
DEV=${U2TF_DEV:?set U2TF_DEV to the folder with the dev sets}
DEV=$(cd "$DEV" && pwd)  # absolute: the script runs from the repository root
cd "$(dirname "$0")/.."
MODEL=${1:-model}
OUT=docs/eval
CACHE=${U2TF_CACHE:-$HOME/.cache/u2tf}/eval
mkdir -p "$OUT" "$CACHE"
# both_verbalizers NAME JSON BASELINE SOURCE-ARGS...: spoken input from both verbalizers, made once into
# $CACHE/NAME.{own,nemo}.examples.jsonl (NeMo's normalizer takes minutes), then the model (and BASELINE) on both.
both_verbalizers() {
  local name=$1 json=$2 baseline=$3
  shift 3
  for v in own nemo; do
    local ex="$CACHE/$name.$v.examples.jsonl"
    [ -s "$ex" ] || u2tf eval "$@" --verbalizer $v --system cmd:cat --save-examples "$ex" > /dev/null
  done
  u2tf eval --data "$CACHE/$name.own.examples.jsonl" --data "$CACHE/$name.nemo.examples.jsonl" \
    --system "$MODEL" $baseline --json "$OUT/$json"
}
both_verbalizers dialogsum.dev dialogsum_dev.json "--system nemo-itn" --data "$DEV/dialogsum.dev.jsonl"
# WikiText-2 test paragraphs and QMSum validation meetings (first N documents): nearer the held-out sets
# (Wikipedia sentences with entities, meetings). NeMo ITN on whole QMSum meetings ran over 10 minutes: not run.
both_verbalizers wikitext2.300 wikitext2_dev.json "--system nemo-itn" --data "$DEV/wikitext2.test.raw" --limit 300
both_verbalizers qmsum.4 qmsum_dev.json "" --data "$DEV/qmsum.val.jsonl.gz" --limit 4
# Held-out entity sentences (emails, web addresses, phone/card numbers, addresses): synthetic documents with another
# seed than training's (same templates, other entities).
ents="$CACHE/entity_sentences.300.jsonl"
[ -s "$ents" ] || python -c "import json; from spacy_u2tf.data.synthetic import synthetic_documents as s
for d in s(300, seed=1000): print(json.dumps({'text': d}))" > "$ents"
both_verbalizers entity_sentences.300 entity_sentences.json "--system nemo-itn" --data "$ents" --format jsonl
# 30 hand-written sentences with emails, web addresses, phone/card numbers and addresses in free context
# (benchmarks/data/entity_context.jsonl: none of the synthetic templates).
both_verbalizers entity_context entity_context.json "--system nemo-itn" --data benchmarks/data/entity_context.jsonl \
  --format jsonl
u2tf eval --data "$DEV/iwslt2011.dev2012.tsv" --system "$MODEL" --json $OUT/iwslt_dev2012.json
u2tf eval --data "$DEV/nemo_itn_test_cases/tests/nemo_text_processing/en/data_inverse_text_normalization" \
  --system "$MODEL" --system nemo-itn --json $OUT/nemo_itn_cases.json
