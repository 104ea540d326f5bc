"""``u2tf bench``: speed, scale and accuracy next to NeMo's WFST ITN, in one run; a markdown report with plots.

Every figure in the report is measured by this run on this machine; sections whose inputs are missing (no
``--dev`` data, no NeMo, no CUDA) say so instead of printing numbers.
"""
from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

SIZES = (1000, 10000, 50000)
NEMO_LOAD_TIMEOUT_S = 900  # per-process NeMo grammar load (compiling them, without a cache, takes minutes)
# The two-stage vs full seq2seq texts (words, as in the paper's Table 2) and timed calls of each (medians for both).
ABLATION_REPEATS = {400: 5, 5000: 3}
ABLATION_ROUNDS = 3  # turns each side takes (see paired_medians)
FULL_SEQ2SEQ_WINDOW = 12  # words the full seq2seq baseline rewrites per row


@dataclass
class BenchSettings:
    """What one bench run measures (the ``u2tf bench`` options)."""

    dev: List[Path]  # written references; the first is also timed
    model: Optional[str] = None  # folder or packaged name; None: the shipped model
    compare: List[str] = field(default_factory=list)  # more models timed and scored beside ``model``
    limit: Optional[int] = 200  # dev documents per ``dev`` file
    sizes: List[int] = field(default_factory=lambda: list(SIZES))  # transcript lengths for scaling
    variants: List[str] = field(default_factory=lambda: ["fp32", "bf16", "int8"])  # tagger precisions / runtimes
    precision_limit: int = 50  # dev documents scored for each precision variant
    utterances: int = 300  # utterances timed at batch 1
    no_nemo: bool = False  # skip the NeMo WFST baseline


@dataclass
class Targets:
    """Goals the report checks this run against (None: not checked): batch-64 words/s of the full pipeline, the
    multiple of NeMo WFST ITN's words/s, and the two-stage speed-up over the full seq2seq run."""

    words_per_s: Optional[float] = None
    x_nemo: Optional[float] = None
    x_full_seq2seq: Optional[float] = None


def machine() -> str:
    import torch

    cpu = platform.processor() or platform.machine()
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{cpu}, {os.cpu_count()} cores, torch {torch.__version__} ({torch.backends.cpu.get_cpu_capability()}), "
            f"Python {platform.python_version()}")


def _timed(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def median_seconds(fn: Callable[[], Any], repeats: int) -> float:
    """Median wall time of ``repeats`` calls: one call of a short text is mostly timer noise."""
    return statistics.median(_timed(fn) for _ in range(max(1, repeats)))


def paired_medians(a: Callable[[], Any], b: Callable[[], Any], repeats: int, rounds: int) -> Tuple[float, float]:
    """Median wall times of ``a`` and ``b`` over ``rounds`` turns of ``repeats`` consecutive calls each (a×r, b×r,
    a×r, ...): one call of a short text is mostly timer noise, consecutive calls run on warm caches as
    in a stream of transcripts, and taking turns lets a change in the shared machine's load fall on both sides."""
    times: Tuple[List[float], List[float]] = ([], [])
    for _ in range(max(1, rounds)):
        for fn, out in zip((a, b), times):
            out.extend(_timed(fn) for _ in range(max(1, repeats)))
    return statistics.median(times[0]), statistics.median(times[1])


def latency(fn: Callable[[List[str]], Any], docs: Sequence[List[str]]) -> Dict[str, float]:
    """Batch-1 latency per utterance (p50/p95, ms) and words/s."""
    times = [_timed(lambda d=d: fn([d])) for d in docs]
    words = sum(len(d) for d in docs)
    return {"p50_ms": round(1000 * statistics.median(times), 1),
            "p95_ms": round(1000 * sorted(times)[int(0.95 * (len(times) - 1))], 1),
            "words_per_s": round(words / sum(times), 1)}


def throughput(fn: Callable[[List[List[str]]], Any], docs: Sequence[List[str]], batch: int) -> float:
    words = sum(len(d) for d in docs)
    elapsed = _timed(lambda: [fn(list(docs[i:i + batch])) for i in range(0, len(docs), batch)])
    return round(words / elapsed, 1)


def processes_key(n: int) -> str:
    return f"{n}_process" if n == 1 else f"{n}_processes"


def batch64_words_per_s(model: Any, docs: Sequence[List[str]], processes: int) -> Dict[str, float]:
    """Batch-64 words/s in one process and, when ``processes`` > 1, with one forked process per core
    (:meth:`U2TF.pipe`); the documents are repeated to at least 4 batches per process so every worker is busy."""
    timed = [docs[i % len(docs)] for i in range(max(len(docs), 4 * 64 * processes))]
    out = {processes_key(1): throughput(model.process_batch, timed, 64)}
    if processes > 1:
        out[processes_key(processes)] = throughput(lambda d: list(model.pipe(d, batch_size=64, n_process=processes)),
                                                   timed, len(timed))
    return out


def best_throughput(variant: Dict[str, Any]) -> Tuple[float, str]:
    """A precision variant's best batch-64 words/s and how many processes gave it."""
    key = max(variant["batch64_words_per_s"], key=variant["batch64_words_per_s"].get)
    return variant["batch64_words_per_s"][key], key.replace("_", " ")


def _scale_child(model: Optional[str], n_words: int, words: List[str]) -> Dict[str, float]:
    """Run in a fresh process: time and peak RSS of formatting one ``n_words`` transcript.

    The peak is the child's own (``VmHWM``): Linux's ``ru_maxrss`` keeps the largest RSS a process had before
    ``exec``, which for a child of this bench is the RSS of the whole bench at the fork."""
    code = (
        "import json,resource,sys,time\n"
        "def peak_mb():\n"
        "    try:\n"
        "        with open('/proc/self/status') as f:\n"
        "            return next(int(l.split()[1]) for l in f if l.startswith('VmHWM:'))/1024\n"
        "    except (OSError, StopIteration):\n"
        "        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss/1024\n"
        "from spacy_u2tf import U2TF\n"
        f"m=U2TF.from_pretrained({model!r})\n"
        "m.process('warm up text')\n"
        "base=peak_mb()\n"
        "words=json.load(sys.stdin)\n"
        "t=time.perf_counter(); r=m.process(words); t=time.perf_counter()-t\n"
        # the kernel syncs RSS counters lazily: a later VmHWM read can come out a few pages below an earlier one
        "print(json.dumps({'seconds':t,'peak_rss_mb':max(base,peak_mb()),'base_rss_mb':base,'words_out':len(r.words)}))\n"
    )
    text = (words * (n_words // max(1, len(words)) + 1))[:n_words]
    proc = subprocess.run([sys.executable, "-c", code], input=json.dumps(text), capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-500:])
    return json.loads(proc.stdout.strip().splitlines()[-1])


def full_seq2seq(converter: Any, words: List[str], context: int,
                 window: int = FULL_SEQ2SEQ_WINDOW) -> Callable[[], List[str]]:
    """The paper's ablation: a call that has the stage-2 model rewrite the whole text, window by window (with
    ``context`` words either side, as the model reads spans), instead of spans.

    Our converter was trained on spans and may stop early on a whole window; a full-text model writes every
    character, so decoding runs at least the windows' mean spoken length (written text is about as long).
    """
    from .core.spans import span_input

    starts = range(0, len(words), window)
    inputs = [span_input(words, i, min(len(words), i + window), context) for i in starts]
    lengths = [len(" ".join(words[i:i + window])) for i in starts]
    mean = round(sum(lengths) / len(lengths))
    return lambda: converter.convert(inputs, max_len=max(lengths), min_len=mean)


def two_stage_vs_full_seq2seq(model: Any, texts: Dict[int, List[str]]) -> Dict[str, Dict[str, Optional[float]]]:
    """Per text length: the two-stage pipeline's and the full seq2seq run's median seconds (:func:`paired_medians`
    with ``ABLATION_REPEATS`` calls a turn) and their ratio; both use ``model``'s converter."""
    out: Dict[str, Dict[str, Optional[float]]] = {}
    for n, words in texts.items():
        if model.converter is None:
            two, full = median_seconds(lambda: model.process(words), ABLATION_REPEATS[n]), None
        else:
            full_call = full_seq2seq(model.converter, words, model.context)
            two, full = paired_medians(lambda: model.process(words), full_call, ABLATION_REPEATS[n],
                                       ABLATION_ROUNDS)
        out[f"{n}_words"] = {"two_stage_s": round(two, 4), "full_seq2seq_s": round(full, 4) if full else None,
                             "ratio": round(full / two, 1) if full else None}
    return out


def _nemo_worker_init(barrier: Any) -> None:
    from .evaluation.baselines import inverse_normalizer

    inverse_normalizer()  # grammars from the disk cache, before any timed work
    barrier.wait()


def _nemo_worker(docs: List[List[str]]) -> int:
    from .evaluation.baselines import NemoITN

    NemoITN().format_batch(docs)
    return len(docs)


def nemo_parallel_words_per_s(docs: Sequence[List[str]], processes: int) -> float:
    """NeMo WFST ITN's words/s with one worker process per core (pynini runs on one thread), documents dealt out
    one at a time; the workers load their grammars before the clock starts."""
    import multiprocessing as mp
    import threading

    ctx = mp.get_context("spawn")
    barrier = ctx.Barrier(processes + 1)
    with ctx.Pool(processes, initializer=_nemo_worker_init, initargs=(barrier,)) as pool:
        try:  # a worker that fails to load never reaches the barrier (the pool would restart it forever)
            barrier.wait(timeout=NEMO_LOAD_TIMEOUT_S)
        except threading.BrokenBarrierError:
            raise RuntimeError(f"NeMo ITN workers did not load within {NEMO_LOAD_TIMEOUT_S} s") from None
        words = sum(len(d) for d in docs)
        elapsed = _timed(lambda: pool.map(_nemo_worker, [[d] for d in docs], chunksize=1))
    return round(words / elapsed, 1)


def model_label(model: Optional[str]) -> str:
    from .core.io import DEFAULT_MODEL

    return Path(model).name if model else DEFAULT_MODEL


def model_labels(main: Optional[str], compare: Sequence[str]) -> Dict[str, Optional[str]]:
    """Report label -> model of the main model and each compared one, in that order. Labels are folder names; two
    models with one name (a previous copy of ``u2tf-default``) are told apart by their parent folder and, failing
    that, a number, so that no model silently takes another's place."""
    labels: Dict[str, Optional[str]] = {}
    for model in [main, *compare]:
        label = model_label(model)
        if label in labels and model:
            label = "/".join(Path(model).resolve().parts[-2:])
        base, n = label, 2
        while label in labels:
            label, n = f"{base} #{n}", n + 1
        labels[label] = model
    return labels


def run_bench(settings: BenchSettings) -> Dict[str, Any]:
    import random

    import torch

    from .core.api import U2TF
    from .evaluation.runner import evaluate_systems, load_examples
    from .evaluation.systems import ModelSystem

    paths = model_labels(settings.model, settings.compare)
    main_label = next(iter(paths))
    out: Dict[str, Any] = {"machine": machine(), "threads": torch.get_num_threads(), "model": main_label}
    models = {label: U2TF.from_pretrained(path, dtype="fp32") for label, path in paths.items()}
    dev_sets = {}
    for path in settings.dev:
        if not Path(path).exists():
            raise SystemExit(f"u2tf bench: --dev {path} does not exist")
        dev_sets[Path(path).name], _ = load_examples(Path(path), "auto", "own", settings.limit, 0)
    dev_examples = next(iter(dev_sets.values()), [])
    if not dev_examples:
        raise SystemExit("u2tf bench needs --dev with written references (e.g. DialogSum dev JSONL)")
    docs = [ex.spoken for ex in dev_examples]
    # Utterances for latency: turns of ~20 words.
    utts = [d[i:i + 20] for d in docs for i in range(0, len(d), 20)][: settings.utterances]

    model = models[main_label]
    cores = torch.get_num_threads()
    out["latency"] = {label: latency(m.process_batch, utts) for label, m in models.items()}
    out["throughput_u2tf"] = {f"batch_{b}": throughput(model.process_batch, docs, b) for b in (1, 8, 64)}
    out["throughput_tagger"] = {f"batch_{b}": throughput(model.tagger.predict, docs, b) for b in (1, 64)}
    nemo = None
    if not settings.no_nemo:
        try:
            from .evaluation.baselines import NemoITN

            nemo = NemoITN()
            nemo.format_batch([["warm", "up"]])
            out["latency"]["nemo_itn"] = latency(nemo.format_batch, utts)
            # NeMo on every core (one process each): the × NeMo multiples divide by the faster figure.
            out["nemo_itn_words_per_s"] = {processes_key(1): out["latency"]["nemo_itn"]["words_per_s"]}
            if cores > 1:
                out["nemo_itn_words_per_s"][processes_key(cores)] = nemo_parallel_words_per_s(utts, cores)
            # Also on the whole documents the batch-64 figures time (same inputs on both sides; WFST search costs
            # more per word on long inputs, so the utterance figure above stays the one the targets divide by).
            out["nemo_itn_documents_words_per_s"] = nemo_parallel_words_per_s(docs, cores)
        except ImportError as err:
            out["latency"]["nemo_itn"] = f"skipped: {err}"
    nemo_wps = max(out.get("nemo_itn_words_per_s", {}).values(), default=None)
    # Precision variants of every model (the main model's named by dtype alone), loaded once for the two tables
    # below; only the tagger changes, stage 2 and the full seq2seq run use the same fp32 converter.
    variants = {(label, dtype): models[label] if dtype == "fp32" else U2TF.from_pretrained(path, dtype=dtype)
                for label, path in paths.items() for dtype in settings.variants}
    # Two-stage vs full seq2seq (Table 2 of the paper), for every model and precision variant.
    rng = random.Random(0)
    pool = [w for d in docs for w in d]
    texts = {n: [pool[rng.randrange(len(pool))] for _ in range(n)] if n > len(pool) else pool[:n] for n in ABLATION_REPEATS}
    out["two_stage_vs_full_seq2seq"] = {f"{label} {dtype}": two_stage_vs_full_seq2seq(m, texts)
                                        for (label, dtype), m in variants.items()}
    out["scaling"] = {str(n): _scale_child(settings.model, n, pool[:2000]) for n in settings.sizes}
    # Each precision variant's speed with its dev accuracy (on the first --precision-limit documents).
    subset = dev_examples[: settings.precision_limit]
    acc = {}
    for (label, dtype), m in variants.items():
        name = dtype if label == main_label else f"{label} {dtype}"
        acc[name] = evaluate_systems(subset, [ModelSystem(model=m, name=name)])[name]
        acc[name]["batch64_words_per_s"] = batch64_words_per_s(m, docs, cores)
        if nemo_wps:
            fastest = best_throughput(acc[name])[0]
            acc[name]["x_nemo_itn"] = round(fastest / nemo_wps, 1)
            acc[name]["x_nemo_itn_same_documents"] = round(fastest / out["nemo_itn_documents_words_per_s"], 1)
    out["precision"] = acc
    if nemo is not None:  # the same documents, so "more accurate than NeMo" compares like with like
        out["precision_nemo_itn"] = evaluate_systems(subset, [nemo])[nemo.name]
    # Accuracy on every dev set, NeMo's WFST ITN on the same spoken input.
    out["accuracy"] = {}
    for name, examples in dev_sets.items():
        systems = [ModelSystem(model=m, name=label) for label, m in models.items()] + ([nemo] if nemo else [])
        out["accuracy"][name] = evaluate_systems(examples, systems)
    if torch.cuda.is_available():
        gpu = U2TF.from_pretrained(settings.model, device="cuda")
        out["gpu"] = {"device": torch.cuda.get_device_name(0),
                      **{f"batch_{b}": throughput(gpu.process_batch, docs, b) for b in (1, 64)}}
    else:
        out["gpu"] = "skipped: no CUDA device"
    return out


def targets(result: Dict[str, Any], goals: Targets) -> List[List[str]]:
    """``goals`` next to this run's figures: ``[target, measured, met]`` rows (the best precision variant counts;
    NeMo's multiple only for variants whose PER is lower and I-WER no higher than NeMo's on the same documents).
    A goal that is None gets no row."""
    rows = []
    precision = result.get("precision", {})
    fastest = max(precision, key=lambda k: best_throughput(precision[k])[0], default=None)
    if fastest is not None and goals.words_per_s is not None:
        wps, processes = best_throughput(precision[fastest])
        rows.append([f"full pipeline ≥ {goals.words_per_s:,.0f} words/s at batch 64",
                     f"{wps:,.0f} ({fastest}, {processes})", "yes" if wps >= goals.words_per_s else "no"])
    nemo_acc = result.get("precision_nemo_itn")
    multiples = {k: v["x_nemo_itn"] for k, v in precision.items() if "x_nemo_itn" in v}
    if multiples and nemo_acc is not None and goals.x_nemo is not None:
        better = {k: x for k, x in multiples.items()
                  if precision[k]["PER"] < nemo_acc["PER"]
                  and (precision[k]["I-WER"] is None or nemo_acc["I-WER"] is None
                       or precision[k]["I-WER"] <= nemo_acc["I-WER"])}
        best = max(better, key=better.get, default=None)
        rows.append([f"≥ {goals.x_nemo:g}× NeMo WFST ITN's words/s while more accurate",
                     f"{better[best]}× ({best}, {best_throughput(precision[best])[1]})" if best
                     else "no variant more accurate",
                     "yes" if best and better[best] >= goals.x_nemo else "no"])
    ratios = {label: [v["ratio"] for v in texts.values() if v.get("ratio")]
              for label, texts in result.get("two_stage_vs_full_seq2seq", {}).items()}
    ratios = {label: r for label, r in ratios.items() if r}
    if ratios and goals.x_full_seq2seq is not None:
        label = max(ratios, key=lambda k: min(ratios[k]))
        rows.append([f"two-stage ≥ {goals.x_full_seq2seq:g}× faster than full seq2seq",
                     " / ".join(f"{r}×" for r in ratios[label]) + f" ({label})",
                     "yes" if min(ratios[label]) >= goals.x_full_seq2seq else "no"])
    return rows


def _ms(seconds: Optional[float]) -> str:
    return "" if seconds is None else f"{1000 * seconds:.1f}"


def write_report(result: Dict[str, Any], folder: Path, command: str, goals: Optional[Targets] = None) -> Path:
    """``benchmarks.md`` (with its plots) and ``benchmarks.json`` of ``result`` in ``folder``; ``goals``, when
    given, adds a table of them next to the measured figures."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
    sizes = [int(k) for k in result["scaling"]]
    fig, ax = plt.subplots(1, 2, figsize=(9, 3.2))
    ax[0].plot(sizes, [v["seconds"] for v in result["scaling"].values()], "o-")
    ax[0].set(xlabel="transcript words", ylabel="seconds", title="time vs length")
    ax[1].plot(sizes, [v["peak_rss_mb"] for v in result["scaling"].values()], "o-")
    ax[1].set(xlabel="transcript words", ylabel="peak RSS (MB)", title="memory vs length")
    fig.tight_layout()
    fig.savefig(folder / "bench_scaling.png", dpi=110)
    fig, ax = plt.subplots(figsize=(5, 3.2))
    tp = result["throughput_u2tf"]
    ax.bar(list(tp), list(tp.values()))
    ax.set(ylabel="words/s", title="u2tf throughput by batch size (CPU)")
    fig.tight_layout()
    fig.savefig(folder / "bench_batch.png", dpi=110)
    lines = ["# Benchmarks", "", f"Machine: {result['machine']} (torch threads: {result['threads']})", "",
             f"Command: `{command}`", "", "## Latency per utterance (batch 1)", "",
             "| system | p50 ms | p95 ms | words/s |", "|---|---|---|---|"]
    for name, v in result["latency"].items():
        if isinstance(v, dict):
            lines.append(f"| {name} | {v['p50_ms']} | {v['p95_ms']} | {v['words_per_s']} |")
        else:
            lines.append(f"| {name} | {v} | | |")
    nemo = result.get("nemo_itn_words_per_s")
    if nemo:
        lines += ["", "NeMo WFST ITN words/s on the utterances above (no batching; pynini runs on one thread): "
                  + ", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in nemo.items()) + ". The × NeMo multiples "
                  "below divide by the faster of these, so both systems use the same cores."]
    if result.get("nemo_itn_documents_words_per_s"):
        lines += ["", "NeMo WFST ITN on the whole dialogues the batch-64 figures time, one process per core: "
                  f"{result['nemo_itn_documents_words_per_s']} words/s (the same inputs on both sides)."]
    lines += ["", f"## Throughput by batch size ({result['model']})", "", "| batch | words/s |", "|---|---|"]
    lines += [f"| {k.split('_')[1]} | {v} |" for k, v in result["throughput_u2tf"].items()]
    lines += ["", "One process, torch on every core; the precision table below adds one forked process per core."]
    if "throughput_tagger" in result:
        lines += ["", "Stage 1 alone (tagger, words/s): " + ", ".join(
            f"batch {k.split('_')[1]}: {v}" for k, v in result["throughput_tagger"].items()) + "."]
    lines += ["", "![batch](bench_batch.png)", "", "## Two-stage vs full seq2seq", "",
              "| model and tagger precision | text | two-stage ms | full seq2seq ms | ratio |", "|---|---|---|---|---|"]
    lines += [f"| {label} | {k} | {_ms(v['two_stage_s'])} | {_ms(v['full_seq2seq_s'])} | {v['ratio']} |"
              for label, texts in result["two_stage_vs_full_seq2seq"].items() for k, v in texts.items()]
    lines += ["", f"Each time is the median of {ABLATION_ROUNDS} turns of "
              + " and ".join(f"{r} consecutive calls ({n} words)" for n, r in ABLATION_REPEATS.items())
              + f" of each side, the sides taking turns; the full seq2seq run rewrites the text in "
              f"{FULL_SEQ2SEQ_WINDOW}-word windows with the stage-2 model. The precision is the tagger's: stage 2 "
              "and the full seq2seq run use the same fp32 converter."]
    lines += ["", f"## Scaling ({result['model']})", "", "| words | seconds | peak RSS MB |", "|---|---|---|"]
    lines += [f"| {k} | {v['seconds']:.2f} | {v['peak_rss_mb']:.0f} |" for k, v in result["scaling"].items()]
    lines += ["", "Each transcript is formatted in a fresh process after one warm-up call; the peak RSS is that "
              "process's own (the model and libraries included)."]
    lines += ["", "![scaling](bench_scaling.png)", "", "## Accuracy (same spoken input for every system)", "",
              "| dev set | system | PERIOD F1 | COMMA F1 | QUESTION F1 | PER | CER | M-WER | I-WER | words/s |",
              "|---|---|---|---|---|---|---|---|---|---|"]
    for dev, systems in result["accuracy"].items():
        for name, v in systems.items():
            lines.append(f"| {dev} | {name} | {v['punct_f1_PERIOD']} | {v['punct_f1_COMMA']} | "
                         f"{v['punct_f1_QUESTION']} | {v['PER']} | {v['CER']} | {v['M-WER']} | {v['I-WER']} | "
                         f"{v['words_per_s']} |")
    counts = list(next(iter(result["precision"].values()))["batch64_words_per_s"]) if result["precision"] else []
    lines += ["", "## Precision (dev accuracy next to speed)", "",
              "| variant | " + " | ".join(f"batch-64 words/s, {c.replace('_', ' ')}" for c in counts)
              + " | PERIOD F1 | COMMA F1 | QUESTION F1 | PER | CER | I-WER | M-WER |",
              "|---|" + "---|" * (len(counts) + 7)]
    for k, v in result["precision"].items():
        lines.append(f"| {k} | " + " | ".join(str(v["batch64_words_per_s"][c]) for c in counts)
                     + f" | {v['punct_f1_PERIOD']} | {v['punct_f1_COMMA']} | "
                     f"{v['punct_f1_QUESTION']} | {v['PER']} | {v['CER']} | {v['I-WER']} | {v['M-WER']} |")
    if any("x_nemo_itn" in v for v in result["precision"].values()):
        lines += ["", "× NeMo ITN: " + ", ".join(f"{k} {v['x_nemo_itn']}×" for k, v in result["precision"].items()
                                                 if "x_nemo_itn" in v)
                  + " (the faster batch-64 words/s ÷ NeMo WFST ITN's faster words/s above; several processes are "
                  "forked workers of `U2TF.pipe(n_process=...)`, one torch thread each)."]
    if any("x_nemo_itn_same_documents" in v for v in result["precision"].values()):
        lines += ["", "× NeMo ITN on the same dialogues: " + ", ".join(
            f"{k} {v['x_nemo_itn_same_documents']}×" for k, v in result["precision"].items()
            if "x_nemo_itn_same_documents" in v) + "."]
    rows = targets(result, goals) if goals else []
    if rows:
        lines += ["", "## Targets", "", "| target | measured | met |", "|---|---|---|"]
        lines += [f"| {t} | {m} | {ok} |" for t, m, ok in rows]
    lines += ["", f"GPU: {result['gpu'] if isinstance(result['gpu'], str) else json.dumps(result['gpu'])}", ""]
    path = folder / "benchmarks.md"
    path.write_text("\n".join(lines))
    (folder / "benchmarks.json").write_text(json.dumps(result, indent=2))
    return path
