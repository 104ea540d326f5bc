#!/usr/bin/env bash
# Two tagger runs from r18b sharing one GPU, the case head held to r18b; results come back as int8 differences
# from the decoded r18b.
set -uo pipefail
G=.gpu; W=${WORK:-/tmp/w}; OUT=${OUT:-/tmp/out}; mkdir -p $W $OUT
DEVICE=${DEVICE:-cuda}; STEPS=${STEPS:-3600}; MINUTES=${MINUTES:-6.0}; BF16=${BF16:---bf16}
export PYTHONPATH=$PWD PYTHONUNBUFFERED=1
(nvidia-smi -L || true) | tee $OUT/device.txt
python3 -c "import torch, transformers; print(torch.__version__, transformers.__version__)" | tee -a $OUT/device.txt
t0=$(date +%s)
for p in P_nohead P_r18b; do xz -dkf -T4 $G/$p/delta.safetensors.xz; cp $G/tokenizer.json $G/$p/; done
python3 scripts/tagger_delta.py decode $G/P_nohead $W/nohead || exit 1
python3 scripts/tagger_delta.py decode $G/P_r18b $W/r18b --base $W/nohead || exit 1
python3 scripts/pack_shards.py unpack $G/packed $W/data --processes 14 || exit 1
echo "prepared in $(( $(date +%s) - t0 )) s" | tee -a $OUT/device.txt
R=$W/r18b; N=$W/nohead
COMMON="--data $W/data --init $R --teacher $R --head-teacher punct=$R+$N+$N --mixture-windows fluent
 --distill-heads itn,punct,case --distill-trust itn.B,itn.I,punct.HYPHEN,case.MIXED --temperature 2
 --loss-weights punct=2,case=1,itn=1,disfl=1.5 --class-weights disfl.REPARANDUM=5,punct.HYPHEN=2
 --batch-size 64 --max-len 64 $BF16 --device $DEVICE --prefetch 8 --steps $STEPS --minutes $MINUTES --warmup 100
 --lr 2e-5 --log-every 200 --save-every 100000 --eval-every 100000"
E="e_qmsum=1.5,e_speeches=0.7,e_scotus=0.7,e_synthetic=0.2,syn3k=1.5"
WA="sgd=3,e_sgd=2,qmsum=2,speeches=1.5,scotus=1.5,gutenberg=1,synthetic=0.4,titles=0.6,e_gutenberg=0.5,$E"
WB="sgd=4,e_sgd=3,qmsum=2,speeches=1.5,scotus=1.5,gutenberg=1,synthetic=0.4,titles=0.6,e_gutenberg=0.5,$E"
python3 -m spacy_u2tf.cli train tagger $COMMON --distill 0.8 --weights $WA --seed 101 --out $W/r21a --export $W/R21A > $OUT/r21a.log 2>&1 &
python3 -m spacy_u2tf.cli train tagger $COMMON --distill 0.7 --weights $WB --seed 103 --out $W/r21b --export $W/R21B > $OUT/r21b.log 2>&1 &
wait
echo "trained at $(( $(date +%s) - t0 )) s" | tee -a $OUT/device.txt
for r in r21a r21b; do
  R_=$W/$(echo $r | tr a-z A-Z)
  python3 scripts/tagger_delta.py encode $R_ $W/P_$r --base $R && \
  xz -T8 -6 -c $W/P_$r/delta.safetensors | split -b 15M -d - $OUT/$r.delta.xz. &
done
wait
echo "done at $(( $(date +%s) - t0 )) s" | tee -a $OUT/device.txt
ls -la $OUT
