#!/usr/bin/env bash
# Dev-set evaluations of the shipped model next to NeMo's WFST ITN (writes docs/eval/*.json).
# Usage: benchmarks/run_dev_evals.sh [MODEL]   (needs ../shared/data and nemo_text_processing)
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=../shared/data
MODEL=${1:-model}
OUT=docs/eval
CACHE=${U2TF_CACHE:-$HOME/.cache/u2tf}/eval
mkdir -p "$OUT" "$CACHE"
# Spoken input for DialogSum dev from both verbalizers (made once; NeMo's normalizer takes minutes).
for v in own nemo; do
  ex="$CACHE/dialogsum.dev.$v.examples.jsonl"
  [ -s "$ex" ] || u2tf eval --data $SHARED/dev/dialogsum.dev.jsonl --verbalizer $v --system cmd:cat --save-examples "$ex" > /dev/null
done
u2tf eval --data "$CACHE/dialogsum.dev.own.examples.jsonl" --data "$CACHE/dialogsum.dev.nemo.examples.jsonl" \
  --system "$MODEL" --system nemo-itn --json $OUT/dialogsum_dev.json
# WikiText-2 test paragraphs and QMSum validation meetings (first N documents): nearer the held-out sets
# (Wikipedia sentences with entities, meetings), with spoken input from both verbalizers.
for entry in wikitext2.test.raw:300 qmsum.val.jsonl.gz:4; do
  file=${entry%%:*} limit=${entry##*:} name=${entry%%.*}
  for v in own nemo; do
    ex="$CACHE/$name.$limit.$v.examples.jsonl"
    [ -s "$ex" ] || u2tf eval --data $SHARED/dev/$file --limit "$limit" --verbalizer $v --system cmd:cat \
      --save-examples "$ex" > /dev/null
  done
  baseline="--system nemo-itn"
  [ "$name" = qmsum ] && baseline=""  # NeMo ITN on whole meetings ran over 10 minutes; not part of this script
  u2tf eval --data "$CACHE/$name.$limit.own.examples.jsonl" --data "$CACHE/$name.$limit.nemo.examples.jsonl" \
    --system "$MODEL" $baseline --json $OUT/${name}_dev.json
done
# Held-out entity sentences (emails, web addresses, phone/card numbers, addresses): synthetic documents with another
# seed than training's (same templates, other entities), spoken by both verbalizers.
ents="$CACHE/entity_sentences.300.jsonl"
[ -s "$ents" ] || python -c "import json; from spacy_u2tf.data.synthetic import synthetic_documents as s
for d in s(300, seed=1000): print(json.dumps({'text': d}))" > "$ents"
for v in own nemo; do
  ex="$CACHE/entity_sentences.300.$v.examples.jsonl"
  [ -s "$ex" ] || u2tf eval --data "$ents" --format jsonl --verbalizer $v --system cmd:cat --save-examples "$ex" > /dev/null
done
u2tf eval --data "$CACHE/entity_sentences.300.own.examples.jsonl" --data "$CACHE/entity_sentences.300.nemo.examples.jsonl" \
  --system "$MODEL" --system nemo-itn --json $OUT/entity_sentences.json
# 30 hand-written sentences with emails, web addresses, phone/card numbers and addresses in free context
# (benchmarks/data/entity_context.jsonl: none of the synthetic templates).
for v in own nemo; do
  ex="$CACHE/entity_context.$v.examples.jsonl"
  [ -s "$ex" ] || u2tf eval --data benchmarks/data/entity_context.jsonl --format jsonl --verbalizer $v --system cmd:cat \
    --save-examples "$ex" > /dev/null
done
u2tf eval --data "$CACHE/entity_context.own.examples.jsonl" --data "$CACHE/entity_context.nemo.examples.jsonl" \
  --system "$MODEL" --system nemo-itn --json $OUT/entity_context.json
u2tf eval --data $SHARED/dev/iwslt2011.dev2012.tsv --system "$MODEL" --json $OUT/iwslt_dev2012.json
u2tf eval --data $SHARED/dev/nemo_itn_test_cases/tests/nemo_text_processing/en/data_inverse_text_normalization \
  --system "$MODEL" --system nemo-itn --json $OUT/nemo_itn_cases.json
