"""``u2tf train converter``: train the stage-2 span converter from scratch.

Half of the examples come from the data pipeline's span pairs (ITN spans and mixed-case words, with frequent
classes thinned), half from generated entities of rare classes placed in real spoken context. Each example gets
between ``--min-context`` and ``--context`` words of context, so the model serves any context in that range.
Batches are cut from a length-sorted pool (little padding). The learning rate follows the time budget
(``--minutes``): warmup, then cosine decay to the deadline. Resumable; every ``--eval-every`` steps the dev set
(generated entities, a fixed seed apart from training) is scored by exact match per class and the best model is
kept in ``best/``. ``--export`` writes the best model in fp16 with ``MODEL_CARD.md``.
"""
from __future__ import annotations

import argparse
import json
import math
import platform
import random
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

from ..core.spans import span_input, span_text
from ..data.example import Example
from ..data.generators import GENERATED_CLASSES, generate_pair
from ..data.house_style import house_written
from .shards import mixture, parse_weights

Pair = Tuple[str, str, str]  # (span_input text, written span, class)

# Share of pipeline spans kept per class: the frequent ones would otherwise crowd out everything else.
KEEP = {"cardinal": 0.25, "time": 0.5, "abbreviation": 0.3, "acronym": 0.5, "alnum": 0.3, "year": 0.5}
DEV_SEED = 12345
POOL_BATCHES = 32  # batches drawn at once, sorted by length, then cut


def pipeline_pairs(stream: Iterator[Example], rng: random.Random, contexts: Tuple[int, int]) -> Iterator[Pair]:
    """Span pairs of the pipeline's examples in the house style (frequent classes thinned by :data:`KEEP`)."""
    for ex in stream:
        for s in ex.spans:
            if rng.random() < KEEP.get(s.cls, 1.0):
                written = house_written(s.written, s.cls, ex.spoken[s.start:s.end])
                yield span_input(ex.spoken, s.start, s.end, rng.randint(*contexts)), written, s.cls


def generated_pair(rng: random.Random, host: Sequence[str], context: int, cls: Optional[str] = None) -> Pair:
    """A generated entity of class ``cls`` (random if None), in the house style, placed at a random position of
    ``host`` words."""
    cls = cls or rng.choice(GENERATED_CLASSES)
    written, spoken = generate_pair(cls, rng, house=True)
    p = rng.randint(0, len(host))
    words = list(host[max(0, p - context):p]) + spoken + list(host[p:p + context])
    start = min(p, context)
    return span_input(words, start, start + len(spoken), context), written, cls


def dev_set(hosts: List[List[str]], context: int, per_class: int = 100, seed: int = DEV_SEED) -> List[Pair]:
    """Held-out generated entities: ``per_class`` of every generated class, from their own seed."""
    rng = random.Random(seed)
    return [generated_pair(rng, rng.choice(hosts), context, cls) for cls in GENERATED_CLASSES
            for _ in range(per_class)]


def score(converter: Any, pairs: Sequence[Pair], *, digit_retry: bool = False) -> Dict[str, Any]:
    """Exact match per class and the guard fallback rate on ``pairs``: of the raw model output, or with
    ``digit_retry`` of the output as the formatter uses it (wrong digits get a second try, see
    :func:`spacy_u2tf.core.guards.convert_checked`)."""
    inputs = [p[0] for p in pairs]
    if not digit_retry:
        return score_outputs(pairs, converter.convert(inputs))
    from ..core.guards import convert_checked

    spoken = [span_words(text) for text in inputs]
    outputs, _, retries = convert_checked(converter, inputs, spoken, [p[2] == "mixed" for p in pairs])
    return {**score_outputs(pairs, outputs), "digit_retries": retries}


def span_words(text: str) -> List[str]:
    """The spoken words between ``<span>`` and ``</span>`` of a ``span_input`` string."""
    return span_text(text).split()


def score_outputs(pairs: Sequence[Pair], outputs: Sequence[str]) -> Dict[str, Any]:
    """:func:`score` of outputs already converted, one per pair."""
    from ..core.guards import check_span

    hits: Dict[str, List[int]] = defaultdict(list)
    reasons: Counter = Counter()
    for (text, want, cls), got in zip(pairs, outputs):
        hits[cls].append(int(got == want))
        reason = check_span(span_words(text), got, "mixed" if cls == "mixed" else None)
        if reason:
            reasons[reason.split(":")[0]] += 1
    exact = {cls: round(sum(v) / len(v), 4) for cls, v in sorted(hits.items())}
    return {"exact": exact, "mean": round(sum(exact.values()) / max(1, len(exact)), 4),
            "min": min(exact.values(), default=0.0), "fallback_rate": round(sum(reasons.values()) / len(pairs), 4),
            "fallbacks": dict(reasons)}


def batches(source: Iterator[Pair], batch_size: int, rng: random.Random) -> Iterator[List[Pair]]:
    """Batches of similar input length: a pool of :data:`POOL_BATCHES` batches is sorted and cut."""
    while True:
        pool = [next(source) for _ in range(batch_size * POOL_BATCHES)]
        pool.sort(key=lambda p: len(p[0]) + 4 * len(p[1]))
        cut = [pool[i:i + batch_size] for i in range(0, len(pool), batch_size)]
        rng.shuffle(cut)
        yield from cut


def read_log(out: Path) -> List[Dict[str, Any]]:
    path = Path(out) / "train.log"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def train(args: argparse.Namespace) -> Path:
    """Train (or resume) into ``args.out``; returns the folder of the best model."""
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
    if args.init is not None:
        # warm start: architecture and vocabulary come from the converter folder, not from --dim/--*-layers
        converter = SpanConverter.load(args.init, device=args.device, dtype=torch.float32)
        model, vocab = converter.model, converter.vocab
        model.train()
    else:
        vocab = CharVocab()
        model = Seq2Seq(len(vocab), d=args.dim, heads=args.heads, enc_layers=args.enc_layers,
                        dec_layers=args.dec_layers, ff=4 * args.dim).to(args.device)
        converter = SpanConverter(model, vocab, args.device)
    optim = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    step, best, spent, seen = 0, -1.0, 0.0, 0
    ckpt = out / "checkpoint.pt"
    if args.resume and ckpt.exists():
        state = torch.load(ckpt, map_location=args.device, weights_only=False)
        model.load_state_dict(state["model"])
        optim.load_state_dict(state["optim"])
        step, best, spent, seen = state["step"], state["best"], state.get("spent", 0.0), state.get("seen", 0)
        print(f"resumed from {ckpt} at step {step}")
    budget = args.minutes * 60

    def lr_factor(elapsed: float) -> float:
        if step < args.warmup:
            return (step + 1) / args.warmup
        return 0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * min(1.0, elapsed / budget)))

    contexts = (min(args.min_context, args.context), args.context)
    weights = parse_weights(args.weights)
    dev_hosts = [ex.spoken for ex, _ in zip(mixture(Path(args.data), weights, random.Random(DEV_SEED)), range(200))]
    dev = dev_set(dev_hosts, args.context, args.dev_per_class)
    rng = random.Random(f"{args.seed}:{step}")
    stream = mixture(Path(args.data), weights, rng)
    hosts = [next(stream).spoken for _ in range(500)]
    real = pipeline_pairs(stream, rng, contexts)

    def examples() -> Iterator[Pair]:
        while True:
            if rng.random() < args.generated_share:
                yield generated_pair(rng, rng.choice(hosts), rng.randint(*contexts))
            else:
                yield next(real)
            if rng.random() < 0.01:
                hosts[rng.randrange(len(hosts))] = next(stream).spoken

    model.train()
    t0 = time.time() - spent
    bar = tqdm(desc="converter", dynamic_ncols=True, disable=args.quiet, initial=step)
    ema: Optional[float] = None
    counts: Counter = Counter()
    seen_at_start, run_start = seen, time.time()

    def save_checkpoint() -> None:
        torch.save({"model": model.state_dict(), "optim": optim.state_dict(), "step": step, "best": best,
                    "spent": time.time() - t0, "seen": seen}, ckpt.with_suffix(".tmp"))
        ckpt.with_suffix(".tmp").replace(ckpt)

    def validate() -> None:
        nonlocal best
        model.eval()
        started = time.time()
        scores = score(converter, dev)
        model.train()
        entry = {"step": step, "dev": scores, "dev_spans_per_s": round(len(dev) / (time.time() - started), 1),
                 "elapsed_s": round(time.time() - t0, 1), "seen": seen}
        # the weakest class decides first: the target is a floor on every class
        key = scores["min"] + scores["mean"]
        if key > best:
            best = key
            converter.save(out / "best", dtype=torch.float32)
            entry["best"] = True
        log.write(json.dumps(entry) + "\n")
        log.flush()
        bar.write(f"step {step}: dev exact mean {scores['mean']:.3f} min {scores['min']:.3f} fallback "
                  f"{scores['fallback_rate']:.3f} | " + " ".join(f"{k}={v:.2f}" for k, v in scores["exact"].items()))

    for batch in batches(examples(), args.batch_size, rng):
        if time.time() - t0 >= budget or (args.steps and step >= args.steps):
            break
        counts.update(b[2] for b in batch)
        limit = model.config["max_positions"]
        src = pad_batch([vocab.encode_input(b[0])[:limit] for b in batch], args.device)
        tgt = pad_batch([[BOS] + vocab.encode_output(b[1])[:limit - 1] for b in batch], args.device)
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
        rate = (seen - seen_at_start) / max(1e-9, time.time() - run_start)
        bar.update(1)
        bar.set_postfix(loss=f"{ema:.4f}", spans_s=f"{rate:.0f}")
        if step % args.log_every == 0:
            log.write(json.dumps({"step": step, "loss": round(ema, 5), "lr": optim.param_groups[0]["lr"],
                                  "spans_per_s": round(rate, 1), "elapsed_s": round(time.time() - t0, 1)}) + "\n")
            log.flush()
        if step % args.eval_every == 0:
            validate()
        if step % args.save_every == 0:
            save_checkpoint()
    bar.close()
    validate()
    save_checkpoint()
    log.write(json.dumps({"done": True, "step": step, "seen": seen, "elapsed_s": round(time.time() - t0, 1),
                          "classes_seen": dict(counts)}) + "\n")
    log.close()
    return out / "best"


def model_card(out: Path, args: argparse.Namespace, speed: Optional[float] = None) -> str:
    """Markdown card of the run in ``out``: data, steps, time, hardware, dev scores of the kept model."""
    import torch

    entries = read_log(out)
    evals = [e for e in entries if "dev" in e]
    kept = [e for e in evals if e.get("best")][-1:] or evals[-1:]
    last = ([e for e in entries if "step" in e] or [{}])[-1]
    config = json.loads((out / "best" / "converter_config.json").read_text())["model"]
    lines = [
        "# u2tf stage-2 span converter",
        "",
        "Character-level encoder-decoder that rewrites one spoken span (with a few read-only context words) into",
        "its written form; every digit is its own output token. Trained from scratch.",
        "",
        f"- architecture: d={config['d']}, heads={config['heads']}, encoder layers={config['enc_layers']}, "
        f"decoder layers={config['dec_layers']}, feed-forward={config['ff']}, max positions={config['max_positions']}",
        f"- weights: fp16 safetensors ({(Path(args.export) / 'converter.safetensors').stat().st_size / 1e6:.1f} MB)"
        if args.export and (Path(args.export) / "converter.safetensors").exists() else "- weights: fp16 safetensors",
        f"- data: span pairs from `{args.data}` (weights `{args.weights or 'equal'}`; frequent classes thinned: "
        f"{', '.join(f'{k} {v}' for k, v in KEEP.items())}) and generated entities "
        f"(share {args.generated_share}) of {len(GENERATED_CLASSES)} classes; context "
        f"{args.min_context}-{args.context} words",
        f"- training: {last.get('step', '?')} steps of {args.batch_size} spans "
        f"({last.get('seen', '?')} spans), {float(last.get('elapsed_s', 0)) / 60:.0f} min, AdamW lr {args.lr}, "
        f"warmup {args.warmup}, cosine decay over the time budget",
        f"- hardware: {platform.processor() or platform.machine()}, {args.threads or torch.get_num_threads()} "
        f"thread(s), torch {torch.__version__}",
    ]
    if speed:
        lines.append(f"- speed: {speed:.0f} spans/s (batched greedy decoding, fp32, {torch.get_num_threads()} threads)")
    if kept:
        dev = kept[0]["dev"]
        lines += ["", f"## Dev: generated held-out entities (seed {DEV_SEED}), step {kept[0]['step']}", "",
                  "| class | exact match |", "|---|---|"]
        lines += [f"| {cls} | {value:.3f} |" for cls, value in dev["exact"].items()]
        lines += [f"| **mean** | **{dev['mean']:.3f}** |", "",
                  f"Guard fallback rate on this set: {dev['fallback_rate']:.3f} ({dev.get('fallbacks', {})})."]
    return "\n".join(lines) + "\n"


def export(args: argparse.Namespace) -> Path:
    """Write the best model of ``args.out`` to ``args.export``: fp16 weights, config, vocabulary, model card."""
    import torch

    from ..core.converter import SpanConverter

    if args.threads:
        torch.set_num_threads(args.threads)
    out, target = Path(args.out), Path(args.export)
    converter = SpanConverter.load(out / "best")
    converter.save(target)
    speed = None
    if args.data:
        hosts = [ex.spoken for ex, _ in zip(mixture(Path(args.data), parse_weights(args.weights),
                                                    random.Random(DEV_SEED)), range(200))]
        inputs = [p[0] for p in dev_set(hosts, args.context, args.dev_per_class)]
        converter.convert(inputs[:64])  # warm up
        started = time.time()
        converter.convert(inputs)
        speed = len(inputs) / (time.time() - started)
    (target / "MODEL_CARD.md").write_text(model_card(out, args, speed))
    return target


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", type=Path, required=True, help="folder of shards from `u2tf data`")
    parser.add_argument("--out", type=Path, required=True, help="run folder: checkpoint, best/, train.log")
    parser.add_argument("--weights", default="", help="source weights for pipeline spans, e.g. sgd=3,qmsum=2")
    parser.add_argument("--init", type=Path, default=None,
                        help="converter folder to start from (its architecture overrides --dim and the layer counts)")
    parser.add_argument("--minutes", type=float, default=60.0, help="time budget (the LR schedule follows it)")
    parser.add_argument("--steps", type=int, default=0, help="stop after this many steps (0: time budget only)")
    parser.add_argument("--batch-size", type=int, default=96)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--warmup", type=int, default=300)
    parser.add_argument("--dim", type=int, default=192)
    parser.add_argument("--heads", type=int, default=4)
    parser.add_argument("--enc-layers", type=int, default=3)
    parser.add_argument("--dec-layers", type=int, default=2)
    parser.add_argument("--context", type=int, default=3, help="most context words on each side of a span")
    parser.add_argument("--min-context", type=int, default=2, help="fewest context words in training examples")
    parser.add_argument("--generated-share", type=float, default=0.5)
    parser.add_argument("--dev-per-class", type=int, default=100)
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--eval-every", type=int, default=500)
    parser.add_argument("--save-every", type=int, default=200)
    parser.add_argument("--log-every", type=int, default=50)
    parser.add_argument("--export", type=Path, default=None, help="write the best model here (fp16 + model card)")
    parser.add_argument("--export-only", action="store_true", help="skip training: export the best model of --out")
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quiet", action="store_true")


def run(args: argparse.Namespace) -> int:
    if not args.export_only:
        print(f"best model: {train(args)}")
    if args.export:
        print(f"exported: {export(args)}")
    elif args.export_only:
        print("--export-only needs --export")
        return 2
    return 0
