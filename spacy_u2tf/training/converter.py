"""``u2tf train converter``: train the stage-2 span converter from scratch.

Half of each batch comes from the data pipeline's span pairs (ITN spans and mixed-case words, with frequent
classes thinned), half from generated entities of rare classes placed in real spoken context. The learning rate
follows the time budget (``--minutes``): warmup, then cosine decay to the deadline. Resumable; dev exact match
per class on a held-out generated set every ``--eval-every`` steps; the best model is kept in ``best/``.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Tuple

from ..core.spans import span_input
from ..data.example import Example
from ..data.generators import GENERATED_CLASSES, generate_pair
from .shards import mixture, parse_weights

# Share of pipeline spans kept per class: the frequent ones would otherwise crowd out everything else.
KEEP = {"cardinal": 0.25, "time": 0.5, "abbreviation": 0.3, "acronym": 0.5}


def pipeline_pairs(stream: Iterator[Example], rng: random.Random, context: int) -> Iterator[Tuple[str, str, str]]:
    for ex in stream:
        for s in ex.spans:
            if rng.random() < KEEP.get(s.cls, 1.0):
                yield span_input(ex.spoken, s.start, s.end, context), s.written, s.cls


def generated_pair(rng: random.Random, host: Example, context: int, cls: Optional[str] = None) -> Tuple[str, str, str]:
    """A generated entity placed at a random position of a real spoken example."""
    cls = cls or rng.choice(GENERATED_CLASSES)
    written, spoken = generate_pair(cls, rng)
    p = rng.randint(0, len(host.spoken))
    words = host.spoken[max(0, p - context):p] + spoken + host.spoken[p:p + context]
    start = min(p, context)
    return span_input(words, start, start + len(spoken), context), written, cls


def dev_set(hosts: List[Example], context: int, per_class: int = 100, seed: int = 12345) -> List[Tuple[str, str, str]]:
    rng = random.Random(seed)
    return [generated_pair(rng, rng.choice(hosts), context, cls) for cls in GENERATED_CLASSES for _ in range(per_class)]


def exact_match(converter, pairs: List[Tuple[str, str, str]]) -> Dict[str, float]:
    outputs = converter.convert([p[0] for p in pairs])
    hits: Dict[str, List[int]] = defaultdict(list)
    for (_, want, cls), got in zip(pairs, outputs):
        hits[cls].append(int(got == want))
    scores = {cls: sum(v) / len(v) for cls, v in sorted(hits.items())}
    scores["mean"] = sum(scores.values()) / max(1, len(scores))
    return {k: round(v, 4) for k, v in scores.items()}


def train(args: argparse.Namespace) -> Path:
    import torch
    import torch.nn.functional as F
    from tqdm import tqdm

    from ..core.converter import BOS, PAD, CharVocab, Seq2Seq, SpanConverter, pad_batch

    torch.manual_seed(args.seed)
    if args.threads:
        torch.set_num_threads(args.threads)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    log = open(out / "train.log", "a", encoding="utf-8")
    vocab = CharVocab()
    model = Seq2Seq(len(vocab), d=args.dim, heads=args.heads, enc_layers=args.enc_layers,
                    dec_layers=args.dec_layers, ff=4 * args.dim).to(args.device)
    converter = SpanConverter(model, vocab, args.device)
    optim = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    step, best, spent = 0, -1.0, 0.0
    ckpt = out / "checkpoint.pt"
    if args.resume and ckpt.exists():
        state = torch.load(ckpt, map_location=args.device, weights_only=False)
        model.load_state_dict(state["model"])
        optim.load_state_dict(state["optim"])
        step, best, spent = state["step"], state["best"], state.get("spent", 0.0)
        print(f"resumed from {ckpt} at step {step}")
    budget = args.minutes * 60

    def lr_factor(elapsed: float) -> float:
        if step < args.warmup:
            return (step + 1) / args.warmup
        return 0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * min(1.0, elapsed / budget)))

    rng = random.Random(f"{args.seed}:{step}")
    stream = mixture(Path(args.data), parse_weights(args.weights), rng)
    hosts = [next(stream) for _ in range(200)]
    real = pipeline_pairs(stream, rng, args.context)
    dev = dev_set(hosts, args.context, args.dev_per_class)
    model.train()
    t0 = time.time() - spent
    bar = tqdm(desc="converter", dynamic_ncols=True, disable=args.quiet, initial=step)
    ema, seen, counts = None, 0, Counter()

    def save_checkpoint() -> None:
        torch.save({"model": model.state_dict(), "optim": optim.state_dict(), "step": step, "best": best,
                    "spent": time.time() - t0}, ckpt.with_suffix(".tmp"))
        ckpt.with_suffix(".tmp").replace(ckpt)

    def validate() -> None:
        nonlocal best
        model.eval()
        scores = exact_match(converter, dev)
        model.train()
        entry = {"step": step, "dev_exact": scores, "elapsed_s": round(time.time() - t0, 1)}
        if scores["mean"] > best:
            best = scores["mean"]
            converter.save(out / "best", dtype=torch.float32)
            entry["best"] = True
        log.write(json.dumps(entry) + "\n")
        log.flush()
        bar.write(f"step {step}: dev exact mean {scores['mean']:.3f} " +
                  " ".join(f"{k}={v:.2f}" for k, v in scores.items() if k != "mean"))

    while time.time() - t0 < budget:
        batch = []
        for _ in range(args.batch_size):
            if rng.random() < args.generated_share:
                batch.append(generated_pair(rng, rng.choice(hosts), args.context))
            else:
                batch.append(next(real))
            if rng.random() < 0.01:
                hosts[rng.randrange(len(hosts))] = next(stream)
        counts.update(b[2] for b in batch)
        src = pad_batch([vocab.encode_input(b[0])[:255] for b in batch], args.device)
        tgt = pad_batch([[BOS] + vocab.encode_output(b[1])[:254] for b in batch], args.device)
        for group in optim.param_groups:
            group["lr"] = args.lr * lr_factor(time.time() - t0)
        logits = model(src, tgt[:, :-1])
        loss = F.cross_entropy(logits.flatten(0, 1), tgt[:, 1:].flatten(), ignore_index=PAD)
        optim.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optim.step()
        step += 1
        seen += len(batch)
        ema = loss.item() if ema is None else 0.98 * ema + 0.02 * loss.item()
        bar.update(1)
        bar.set_postfix(loss=f"{ema:.4f}", spans_s=f"{seen / max(1e-9, time.time() - t0):.0f}")
        if step % args.log_every == 0:
            log.write(json.dumps({"step": step, "loss": round(ema, 5), "lr": optim.param_groups[0]["lr"],
                                  "elapsed_s": round(time.time() - t0, 1)}) + "\n")
            log.flush()
        if step % args.eval_every == 0:
            validate()
        if step % args.save_every == 0:
            save_checkpoint()
    bar.close()
    validate()
    save_checkpoint()
    log.write(json.dumps({"done": True, "step": step, "classes_seen": dict(counts)}) + "\n")
    log.close()
    if args.export:
        SpanConverter.load(out / "best").save(Path(args.export))
    return out / "best"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", type=Path, required=True, help="folder of shards from `u2tf data`")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--weights", default="", help="source weights for pipeline spans")
    parser.add_argument("--minutes", type=float, default=60.0, help="time budget (the LR schedule follows it)")
    parser.add_argument("--batch-size", type=int, default=96)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--warmup", type=int, default=300)
    parser.add_argument("--dim", type=int, default=192)
    parser.add_argument("--heads", type=int, default=4)
    parser.add_argument("--enc-layers", type=int, default=3)
    parser.add_argument("--dec-layers", type=int, default=2)
    parser.add_argument("--context", type=int, default=3, help="context words on each side of a span")
    parser.add_argument("--generated-share", type=float, default=0.5)
    parser.add_argument("--dev-per-class", type=int, default=100)
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--eval-every", type=int, default=500)
    parser.add_argument("--save-every", type=int, default=200)
    parser.add_argument("--log-every", type=int, default=50)
    parser.add_argument("--export", type=Path, default=None, help="write the best model here (fp16) at the end")
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quiet", action="store_true")


def run(args: argparse.Namespace) -> int:
    print(f"best model: {train(args)}")
    return 0
