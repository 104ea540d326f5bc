"""``u2tf bench``: speed, scale and accuracy next to NeMo's WFST ITN, in one run; a markdown report with plots.

Every figure in the report is measured by this run on this machine; sections whose inputs are missing (no
``--dev`` data, no NeMo, no CUDA) say so instead of printing numbers.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence

from .core.api import DTYPES

SIZES = (1000, 10000, 50000)
# Issue #7's targets on 2 CPU cores: batch-64 words/s, multiple of NeMo WFST ITN's words/s, two-stage speed-up.
TARGET_WORDS_PER_S = 3000
TARGET_X_NEMO = 10
TARGET_X_FULL_SEQ2SEQ = 10


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


def _scale_child(model: Optional[str], n_words: int, words: List[str]) -> Dict[str, float]:
    """Run in a fresh process: time and peak RSS of formatting one ``n_words`` transcript."""
    code = (
        "import json,resource,sys,time\n"
        "from spacy_u2tf import U2TF\n"
        f"m=U2TF.from_pretrained({model!r})\n"
        "m.process('warm up text')\n"
        "base=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "words=json.load(sys.stdin)\n"
        "t=time.perf_counter(); r=m.process(words); t=time.perf_counter()-t\n"
        "peak=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "print(json.dumps({'seconds':t,'peak_rss_mb':peak/1024,'base_rss_mb':base/1024,'words_out':len(r.words)}))\n"
    )
    text = (words * (n_words // max(1, len(words)) + 1))[:n_words]
    proc = subprocess.run([sys.executable, "-c", code], input=json.dumps(text), capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-500:])
    return json.loads(proc.stdout.strip().splitlines()[-1])


def full_seq2seq_seconds(converter: Any, words: List[str], window: int = 12) -> float:
    """The paper's ablation: the stage-2 model rewriting the whole text, window by window, instead of spans.

    Our converter was trained on spans and may stop early on a whole window; a full-text model writes every
    character, so decoding runs at least the windows' mean spoken length (written text is about as long).
    """
    from .core.spans import span_input

    starts = range(0, len(words), window)
    inputs = [span_input(words, i, min(len(words), i + window), 3) for i in starts]
    lengths = [len(" ".join(words[i:i + window])) for i in starts]
    mean = round(sum(lengths) / len(lengths))
    return _timed(lambda: converter.convert(inputs, max_len=max(lengths), min_len=mean))


def run_bench(args: argparse.Namespace) -> Dict[str, Any]:
    import random

    import torch

    from .core.api import U2TF
    from .evaluation.runner import evaluate_systems, load_examples

    out: Dict[str, Any] = {"machine": machine(), "threads": torch.get_num_threads()}
    model = U2TF.from_pretrained(args.model)
    dev_sets = {}
    for path in args.dev:
        if not Path(path).exists():
            raise SystemExit(f"u2tf bench: --dev {path} does not exist")
        dev_sets[Path(path).name], _ = load_examples(Path(path), "auto", "own", args.limit, 0)
    dev_examples = next(iter(dev_sets.values()), [])
    if not dev_examples:
        raise SystemExit("u2tf bench needs --dev with written references (e.g. DialogSum dev JSONL)")
    docs = [ex.spoken for ex in dev_examples]
    # Utterances for latency: turns of ~20 words.
    utts = [d[i:i + 20] for d in docs for i in range(0, len(d), 20)][: args.utterances]

    fmt = lambda batch: model.process_batch(batch)  # noqa: E731
    out["latency_u2tf"] = latency(fmt, utts)
    out["throughput_u2tf"] = {f"batch_{b}": throughput(fmt, docs, b) for b in (1, 8, 64)}
    out["throughput_tagger"] = {f"batch_{b}": throughput(model.tagger.predict, docs, b) for b in (1, 64)}
    nemo = None
    if not args.no_nemo:
        try:
            from .evaluation.baselines import NemoITN

            nemo = NemoITN()
            nemo.format_batch([["warm", "up"]])
            out["latency_nemo_itn"] = latency(nemo.format_batch, utts)
            nemo_wps = out["latency_nemo_itn"]["words_per_s"]
            out["speed_vs_nemo_itn"] = {
                "batch_1": round(out["latency_u2tf"]["words_per_s"] / nemo_wps, 1),
                "batch_64": round(out["throughput_u2tf"]["batch_64"] / nemo_wps, 1)}
        except ImportError as err:
            out["latency_nemo_itn"] = f"skipped: {err}"
    # Two-stage vs full seq2seq (Table 2 of the paper).
    rng = random.Random(0)
    pool = [w for d in docs for w in d]
    ablation = {}
    for n in (400, 5000):
        words = [pool[rng.randrange(len(pool))] for _ in range(n)] if n > len(pool) else pool[:n]
        two = _timed(lambda: model.process(words))
        full = full_seq2seq_seconds(model.converter, words) if model.converter else None
        ablation[f"{n}_words"] = {"two_stage_s": round(two, 3), "full_seq2seq_s": round(full, 3) if full else None,
                                  "ratio": round(full / two, 1) if full else None}
    out["two_stage_vs_full_seq2seq"] = ablation
    out["scaling"] = {str(n): _scale_child(args.model, n, pool[:2000]) for n in args.sizes}
    # Precision variants, each with its dev accuracy (on the first --precision-limit documents).
    from .evaluation.systems import ModelSystem

    subset = dev_examples[: args.precision_limit]
    acc = {}
    for name in args.variants:
        m = model if name == "fp32" else U2TF.from_pretrained(args.model, dtype=name)
        acc[name] = evaluate_systems(subset, [ModelSystem(model=m, name=name)])[name]
        acc[name]["batch64_words_per_s"] = throughput(lambda b, m=m: m.process_batch(b), docs[: args.precision_limit],
                                                      64)
        if isinstance(out.get("latency_nemo_itn"), dict):
            acc[name]["x_nemo_itn"] = round(acc[name]["batch64_words_per_s"] / out["latency_nemo_itn"]["words_per_s"], 1)
    out["precision"] = acc
    if nemo is not None:  # the same documents, so "more accurate than NeMo" compares like with like
        out["precision_nemo_itn"] = evaluate_systems(subset, [nemo])[nemo.name]
    # Accuracy on every dev set, NeMo's WFST ITN on the same spoken input.
    out["accuracy"] = {}
    for name, examples in dev_sets.items():
        systems = [ModelSystem(model=model, name="u2tf")] + ([nemo] if nemo is not None else [])
        out["accuracy"][name] = evaluate_systems(examples, systems)
    if torch.cuda.is_available():
        gpu = U2TF.from_pretrained(args.model, device="cuda")
        out["gpu"] = {"device": torch.cuda.get_device_name(0),
                      **{f"batch_{b}": throughput(lambda x: gpu.process_batch(x), docs, b) for b in (1, 64)}}
    else:
        out["gpu"] = "skipped: no CUDA device"
    return out


def targets(result: Dict[str, Any]) -> List[List[str]]:
    """Issue #7's targets next to this run's figures: ``[target, measured, met]`` rows (the best precision
    variant counts; NeMo's multiple only for variants whose PER is lower and I-WER no higher than NeMo's on the same
    documents)."""
    rows = []
    precision = result.get("precision", {})
    fastest = max(precision, key=lambda k: precision[k]["batch64_words_per_s"], default=None)
    if fastest is not None:
        wps = precision[fastest]["batch64_words_per_s"]
        rows.append([f"full pipeline ≥ {TARGET_WORDS_PER_S:,} words/s at batch 64", f"{wps:,.0f} ({fastest})",
                     "yes" if wps >= TARGET_WORDS_PER_S else "no"])
    nemo_acc = result.get("precision_nemo_itn")
    multiples = {k: v["x_nemo_itn"] for k, v in precision.items() if "x_nemo_itn" in v}
    if multiples and nemo_acc is not None:
        better = {k: x for k, x in multiples.items()
                  if precision[k]["PER"] < nemo_acc["PER"]
                  and (precision[k]["I-WER"] is None or nemo_acc["I-WER"] is None
                       or precision[k]["I-WER"] <= nemo_acc["I-WER"])}
        best = max(better, key=better.get, default=None)
        rows.append([f"≥ {TARGET_X_NEMO}× NeMo WFST ITN's words/s while more accurate",
                     f"{better[best]}× ({best})" if best else "no variant more accurate",
                     "yes" if best and better[best] >= TARGET_X_NEMO else "no"])
    ratios = [v["ratio"] for v in result.get("two_stage_vs_full_seq2seq", {}).values() if v.get("ratio")]
    if ratios:
        rows.append([f"two-stage ≥ {TARGET_X_FULL_SEQ2SEQ}× faster than full seq2seq",
                     " / ".join(f"{r}×" for r in ratios), "yes" if min(ratios) >= TARGET_X_FULL_SEQ2SEQ else "no"])
    return rows


def write_report(result: Dict[str, Any], folder: Path, command: str) -> Path:
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
    for key in ("latency_u2tf", "latency_nemo_itn"):
        v = result.get(key)
        if isinstance(v, dict):
            lines.append(f"| {key.split('_', 1)[1]} | {v['p50_ms']} | {v['p95_ms']} | {v['words_per_s']} |")
        elif v:
            lines.append(f"| {key.split('_', 1)[1]} | {v} | | |")
    if "speed_vs_nemo_itn" in result:
        v = result["speed_vs_nemo_itn"]
        lines += ["", f"u2tf words/s ÷ NeMo WFST ITN words/s: {v['batch_1']}× at batch 1, {v['batch_64']}× at "
                  "batch 64 (NeMo ITN has no batching)."]
    lines += ["", "## Throughput by batch size", "", "| batch | words/s |", "|---|---|"]
    lines += [f"| {k.split('_')[1]} | {v} |" for k, v in result["throughput_u2tf"].items()]
    if "throughput_tagger" in result:
        lines += ["", "Stage 1 alone (tagger, words/s): " + ", ".join(
            f"batch {k.split('_')[1]}: {v}" for k, v in result["throughput_tagger"].items()) + "."]
    lines += ["", "![batch](bench_batch.png)", "", "## Two-stage vs full seq2seq", "",
              "| text | two-stage s | full seq2seq s | ratio |", "|---|---|---|---|"]
    lines += [f"| {k} | {v['two_stage_s']} | {v['full_seq2seq_s']} | {v['ratio']} |"
              for k, v in result["two_stage_vs_full_seq2seq"].items()]
    lines += ["", "## Scaling", "", "| words | seconds | peak RSS MB |", "|---|---|---|"]
    lines += [f"| {k} | {v['seconds']:.2f} | {v['peak_rss_mb']:.0f} |" for k, v in result["scaling"].items()]
    lines += ["", "![scaling](bench_scaling.png)", "", "## Accuracy (same spoken input for every system)", "",
              "| dev set | system | PERIOD F1 | COMMA F1 | QUESTION F1 | PER | CER | M-WER | I-WER | words/s |",
              "|---|---|---|---|---|---|---|---|---|---|"]
    for dev, systems in result["accuracy"].items():
        for name, v in systems.items():
            lines.append(f"| {dev} | {name} | {v['punct_f1_PERIOD']} | {v['punct_f1_COMMA']} | "
                         f"{v['punct_f1_QUESTION']} | {v['PER']} | {v['CER']} | {v['M-WER']} | {v['I-WER']} | "
                         f"{v['words_per_s']} |")
    lines += ["", "## Precision (dev accuracy next to speed)", "",
              "| variant | batch-64 words/s | PERIOD F1 | COMMA F1 | QUESTION F1 | PER | CER | I-WER | M-WER |",
              "|---|---|---|---|---|---|---|---|---|"]
    for k, v in result["precision"].items():
        lines.append(f"| {k} | {v['batch64_words_per_s']} | {v['punct_f1_PERIOD']} | {v['punct_f1_COMMA']} | "
                     f"{v['punct_f1_QUESTION']} | {v['PER']} | {v['CER']} | {v['I-WER']} | {v['M-WER']} |")
    if any("x_nemo_itn" in v for v in result["precision"].values()):
        lines += ["", "× NeMo ITN: " + ", ".join(f"{k} {v['x_nemo_itn']}×" for k, v in result["precision"].items()
                                                 if "x_nemo_itn" in v)
                  + " (batch-64 words/s ÷ NeMo WFST ITN's batch-1 words/s above)."]
    rows = targets(result)
    if rows:
        lines += ["", "## Targets (issue #7, 2 CPU cores)", "", "| target | measured | met |", "|---|---|---|"]
        lines += [f"| {t} | {m} | {ok} |" for t, m, ok in rows]
    lines += ["", f"GPU: {result['gpu'] if isinstance(result['gpu'], str) else json.dumps(result['gpu'])}", ""]
    path = folder / "benchmarks.md"
    path.write_text("\n".join(lines))
    (folder / "benchmarks.json").write_text(json.dumps(result, indent=2))
    return path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", default=None, help="model folder (default: the shipped model)")
    parser.add_argument("--dev", type=Path, action="append", required=True,
                        help="written references, e.g. DialogSum dev JSONL or IWSLT TSV (repeatable; the first one "
                             "is also timed)")
    parser.add_argument("--limit", type=int, default=200, help="dev documents used per --dev")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), help="transcript lengths for scaling")
    parser.add_argument("--variants", nargs="+", default=["fp32", "bf16", "int8"], choices=DTYPES,
                        help="tagger precisions / runtimes to compare (onnx, onnx-int8: ONNX Runtime, extra onnx)")
    parser.add_argument("--precision-limit", type=int, default=50,
                        help="dev documents scored for each precision variant")
    parser.add_argument("--utterances", type=int, default=300, help="utterances timed at batch 1")
    parser.add_argument("--out", type=Path, default=Path("docs"), help="report folder")
    parser.add_argument("--no-nemo", action="store_true", help="skip the NeMo WFST baseline")


def run(args: argparse.Namespace) -> int:
    result = run_bench(args)
    path = write_report(result, args.out, "u2tf bench " + " ".join(sys.argv[2:]))
    print(f"report: {path}")
    return 0
