"""``u2tf train converter``: train the stage-2 span converter from scratch.

Half of the examples come from the data pipeline's span pairs (ITN spans and mixed-case words, with frequent
classes thinned), half from generated entities of rare classes placed in real spoken context. Each example gets
between ``--min-context`` and ``--context`` words of context, so the model serves any context in that range.
With ``--pair-share`` that share of examples comes from :mod:`spacy_u2tf.data.converter_pairs` (mixed-case list
words, currencies said after the number, "o'clock", numbers read in pairs, titles); ``--hold-out-words`` of the
list words (by word group) never reach training, from either source, and the dev set scores them apart.
Batches are cut from a length-sorted pool (little padding). The learning rate follows the time budget
(``--minutes``), or ``--steps`` where that ends first: warmup, then cosine decay to the end. Resumable; every ``--eval-every`` steps the dev set
(generated entities, a fixed seed apart from training) is scored by exact match per class and the best model is
kept in ``best/``. ``--export`` writes the best model in fp16 with ``MODEL_CARD.md``.
"""
from __future__ import annotations

import json
import math
import random
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

from ..core.labels import MIXED_CLASS
from ..core.spans import span_input, span_text
from ..data.converter_pairs import PAIR_CLASSES, Form, Passage, is_held_out, mixed_forms, pair_passage, \
    random_passage, split_words
from ..data.example import Example
from ..data.generators import GENERATED_CLASSES, generate_pair
from ..data.house_style import house_written
from ..data.mixed_case import mixed_case_words
from .run_log import open_log
from .run_settings import RunSettings
from .shards import mixture, parse_weights

Pair = Tuple[str, str, str]  # (span_input text, written span, class)

# Share of pipeline spans kept per class: the frequent ones would otherwise crowd out everything else.
KEEP = {"cardinal": 0.25, "time": 0.5, "abbreviation": 0.3, "acronym": 0.5, "alnum": 0.3, "year": 0.5}
DEV_SEED = 12345
POOL_BATCHES = 32  # batches drawn at once, sorted by length, then cut


@dataclass
class ConverterTrainingConfig(RunSettings):
    """Settings of one converter training run: the options of ``u2tf train converter`` (``--help`` says what each
    does), with the same names and defaults; those every run has come from :class:`.run_settings.RunSettings`."""

    weights: str = ""
    init: Optional[Path] = None
    minutes: float = 60.0
    steps: int = 0
    batch_size: int = 96
    lr: float = 1e-3
    warmup: int = 300
    dim: int = 192
    heads: int = 4
    enc_layers: int = 3
    dec_layers: int = 2
    context: int = 3
    min_context: int = 2
    generated_share: float = 0.5
    pair_share: float = 0.0
    hold_out_words: float = 0.0
    dev_per_class: int = 100
    log_every: int = 50


def pipeline_pairs(stream: Iterator[Example], rng: random.Random, contexts: Tuple[int, int],
                   hold_out: float = 0.0) -> Iterator[Pair]:
    """Span pairs of the pipeline's examples in the house style (frequent classes thinned by :data:`KEEP`),
    without the mixed-case words of the held-out ``hold_out`` share of word groups."""
    for ex in stream:
        for s in ex.spans:
            if s.cls == MIXED_CLASS and hold_out and is_held_out(s.written, hold_out):
                continue
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


def passage_pair(passage: Passage, context: int) -> Pair:
    """A :mod:`~spacy_u2tf.data.converter_pairs` passage as a training pair."""
    words, start, end, written, cls = passage
    return span_input(words, start, end, context), written, cls


def pair_dev_set(hosts: List[List[str]], context: int, hold_out: float, per_class: int = 100,
                 seed: int = DEV_SEED) -> List[Pair]:
    """Held-out :mod:`~spacy_u2tf.data.converter_pairs` passages: ``per_class`` of every class but ``mixed``,
    and of mixed-case words seen in training (``mixed_seen``) and held out from it (``mixed_held_out``)."""
    rng = random.Random(f"pairs:{seed}")
    seen, held = (mixed_forms(words) for words in split_words(mixed_case_words(), hold_out))
    pairs = [passage_pair(pair_passage(rng, rng.choice(hosts), context, cls), context)
             for cls in PAIR_CLASSES if cls != MIXED_CLASS for _ in range(per_class)]
    for name, forms in (("mixed_seen", seen), ("mixed_held_out", held)):
        for _ in range(per_class if forms else 0):
            text, written, _ = passage_pair(pair_passage(rng, rng.choice(hosts), context, MIXED_CLASS, forms), context)
            pairs.append((text, written, name))
    return pairs


def training_forms(hold_out: float) -> List[Form]:
    """The mixed-case forms training may use: those of the list words outside the held-out share."""
    return mixed_forms(split_words(mixed_case_words(), hold_out)[0])


def score(converter: Any, pairs: Sequence[Pair], *, digit_retry: bool = False) -> Dict[str, Any]:
    """Exact match per class and the guard fallback rate on ``pairs``: of the raw model output, or with
    ``digit_retry`` of the output as the formatter uses it (wrong digits get a second try, see
    :func:`spacy_u2tf.core.guards.convert_checked`)."""
    inputs = [p[0] for p in pairs]
    if not digit_retry:
        return score_outputs(pairs, converter.convert(inputs))
    from ..core.guards import convert_checked

    spoken = [span_words(text) for text in inputs]
    outputs, _, retries, alternatives = convert_checked(converter, inputs, spoken,
                                                        [p[2].startswith(MIXED_CLASS) for p in pairs])
    return {**score_outputs(pairs, outputs), "digit_retries": retries, "alternatives": alternatives}


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
        reason = check_span(span_words(text), got, MIXED_CLASS if cls.startswith(MIXED_CLASS) else None)
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


def train(args: ConverterTrainingConfig) -> Path:
    """Train (or resume) into ``args.out``; returns the folder of the best model."""
    import torch
    import torch.nn.functional as F
    from tqdm import tqdm

    from ..core.converter import BOS, PAD, CharVocab, Seq2Seq, SpanConverter, pad_batch

    torch.manual_seed(args.seed)
    if args.threads:
        torch.set_num_threads(args.threads)
    out = Path(args.out)
    log = open_log(out)
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
        # whichever budget ends first sets the pace: on a busy machine a step budget keeps the schedule's shape
        progress = max(elapsed / budget, step / args.steps if args.steps else 0.0)
        return 0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * min(1.0, progress)))

    contexts = (min(args.min_context, args.context), args.context)
    weights = parse_weights(args.weights)
    dev_hosts = [ex.spoken for ex, _ in zip(mixture(Path(args.data), weights, random.Random(DEV_SEED)), range(200))]
    dev = dev_set(dev_hosts, args.context, args.dev_per_class)
    if args.pair_share:
        dev += pair_dev_set(dev_hosts, args.context, args.hold_out_words, args.dev_per_class)
    rng = random.Random(f"{args.seed}:{step}")
    stream = mixture(Path(args.data), weights, rng)
    hosts = [next(stream).spoken for _ in range(500)]
    real = pipeline_pairs(stream, rng, contexts, args.hold_out_words)
    forms = training_forms(args.hold_out_words)

    def examples() -> Iterator[Pair]:
        while True:
            if args.pair_share and rng.random() < args.pair_share:
                context = rng.randint(*contexts)
                yield passage_pair(random_passage(rng, rng.choice(hosts), context, forms), context)
            elif rng.random() < args.generated_share:
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


def export(args: ConverterTrainingConfig) -> Path:
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
    from .model_card import converter_card

    (target / "MODEL_CARD.md").write_text(converter_card(out, args, speed))
    return target
