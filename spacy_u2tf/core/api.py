"""The framework-free API: :class:`U2TF` formats spoken-form transcripts with the two-stage model."""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

from .assemble import AlignmentGroup, SpanRewrite, assemble, sentence_starts
from .labels import HEADS, MIXED_CLASS, SENTENCE_END, apply_label_thresholds, bio_spans
from .spans import DEFAULT_CONTEXT, span_input

WRITTEN_INPUT_MODES = ("normalize", "passthrough", "ignore")
DTYPES = ("fp32", "bf16", "int8", "onnx", "onnx-int8", "auto")  # tagger precision / runtime, see from_pretrained
_WRITTEN_MARKS = re.compile(r"[A-Z0-9$€£%@]|[,.?!;:](?:\s|$)")
LEXICON_CLASS = "lexicon"


@dataclass
class ConvertedSpan:
    """A span stage 1 marked and what became of it.

    ``written`` is the text that went into the output (``None`` when the span fell back to its spoken words);
    ``reason`` says why it fell back (a guard's reason, ``"no converter"``, ``"class disabled"``).
    """

    start: int
    end: int
    kind: str  # "itn", "mixed" or "lexicon"
    spoken: str
    written: Optional[str]
    cls: str = ""
    reason: Optional[str] = None


@dataclass
class Result:
    """One formatted document: written words, the labels behind them and how they align to the spoken words."""

    spoken: List[str]
    words: List[str]
    punct: List[str] = field(default_factory=list)
    case: List[str] = field(default_factory=list)
    itn: List[str] = field(default_factory=list)
    spans: List[ConvertedSpan] = field(default_factory=list)
    groups: List[AlignmentGroup] = field(default_factory=list)
    passthrough: bool = False

    @property
    def text(self) -> str:
        return " ".join(self.words)

    def to_dict(self) -> Dict[str, Any]:
        return {
            "text": self.text, "spoken": self.spoken, "words": self.words, "punct": self.punct, "case": self.case,
            "itn": self.itn, "passthrough": self.passthrough,
            "spans": [vars(s) for s in self.spans],
            "groups": [{"source": list(g.source), "target": list(g.target), "cls": g.cls, "fallback": g.fallback}
                       for g in self.groups],
        }


def classify_written(written: str) -> str:
    """A coarse ITN class for a converted span's written form (used by per-class ITN switches)."""
    w = written.strip()
    if "@" in w or re.search(r"\b(?:www\.|https?://)|\.(?:com|org|net|edu|gov|io)\b", w):
        return "electronic"
    if re.search(r"[$€£¥]|\bcents?\b", w):
        return "money"
    if "%" in w:
        return "percent"
    if re.search(r"\d:\d\d|\b[ap]\.m\.", w):
        return "time"
    if re.fullmatch(r"\+?1?[- ]?\(?\d{3}\)?[- ]?\d{3}-\d{4}|\d{3}-\d{4}", w):
        return "telephone"
    if re.search(r"\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d", w) or re.fullmatch(
            r"\d{1,2}/\d{1,2}/\d{2,4}|\d{4}-\d\d-\d\d", w):
        return "date"
    if re.fullmatch(r"\d+(?:st|nd|rd|th)", w):
        return "ordinal"
    if re.fullmatch(r"(?:1[0-9]|20)\d\d|(?:1[0-9]|20)\d0'?s|'\d0s", w):
        return "year"
    if re.fullmatch(r"-?[\d,]+", w):
        return "cardinal"
    if re.fullmatch(r"-?[\d,]*\.\d+(?: (?:million|billion|trillion|thousand))?", w):
        return "decimal"
    if re.fullmatch(r"\d+/\d+", w):
        return "fraction"
    if re.search(r"\d", w):
        return "measure" if re.search(r"\d\s?[a-zA-Z°]", w) else "alnum"
    return "abbreviation" if w.endswith(".") else "acronym" if w.isupper() else "word"


def looks_written(words: Sequence[str]) -> bool:
    """True when text already looks formatted: capitals, digits, symbols or punctuation on many words."""
    if not words:
        return False
    marked = sum(1 for w in words if _WRITTEN_MARKS.search(w))
    return marked >= max(2, 0.15 * len(words)) or (len(words) <= 3 and marked > 0)


# ASCII control characters str.split() does not treat as whitespace (to_words drops them)
_ASCII_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1b\x7f]")


def _clean_word(word: str) -> List[str]:
    """NFKC-normalize one word, drop control/format characters (ZWJ kept inside emoji) and re-split it.

    NFKC can turn a character into a space plus a combining mark (``"caf\u00b4"`` → ``"caf \u0301"``), so the
    result is split again; a piece left with no character but control/format ones (a lone ZWJ) is no content.
    """
    if word.isascii() and word.isprintable() and " " not in word:  # the common case: nothing to change
        return [word] if word else []
    word = unicodedata.normalize("NFKC", word)
    word = "".join(ch for ch in word if unicodedata.category(ch)[0] != "C" or ch in "\u200d")
    return [piece for piece in word.split() if piece.strip("\u200d")]


def to_words(text_or_words: Union[str, Sequence[str]]) -> List[str]:
    """Split text on whitespace (or check a word list) into clean words.

    Each word is NFKC-normalized and loses its control/format characters; a word made only of such characters
    is dropped (it is no content), and a word that NFKC splits becomes several words. No visible word is dropped.
    """
    if isinstance(text_or_words, str):
        text = text_or_words
    elif isinstance(text_or_words, (list, tuple)):
        if not all(isinstance(w, str) for w in text_or_words):
            bad = next(type(w).__name__ for w in text_or_words if not isinstance(w, str))
            raise TypeError(f"words must be strings, got a {bad}")
        text = " ".join(text_or_words)  # the same pieces as splitting each word
    else:
        raise TypeError(f"expected a string or a list of words, got {type(text_or_words).__name__}")
    if text.isascii() and not _ASCII_CONTROL.search(text):
        return text.split()  # the common case: no word changes (as in _clean_word)
    return [piece for w in text.split() for piece in _clean_word(w)]


class Lexicon:
    """Fixed spellings applied as whole words: ``{"iphone": "iPhone", "new york": "New York"}``.

    Keys match spoken words case-insensitively (multi-word keys match word sequences, longest first); the value
    replaces them verbatim, bypassing stage 2.
    """

    def __init__(self, entries: Optional[Mapping[str, str]] = None) -> None:
        self.entries: Dict[Tuple[str, ...], str] = {}
        for key, value in (entries or {}).items():
            words = tuple(key.lower().split())
            if not words or not value.strip():
                raise ValueError(f"empty lexicon entry {key!r} → {value!r}")
            self.entries[words] = value.strip()
        self.max_len = max((len(k) for k in self.entries), default=0)

    def __bool__(self) -> bool:
        return bool(self.entries)

    @classmethod
    def from_file(cls, path: Union[str, Path]) -> "Lexicon":
        """A file of ``spoken<TAB>written`` lines (or a single written word per line, keyed by its lowercase)."""
        entries: Dict[str, str] = {}
        for lineno, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            key, sep, value = line.partition("\t")
            entries[key if sep else key.lower()] = value if sep else key
        return cls(entries)

    def matches(self, words: Sequence[str]) -> List[Tuple[int, int, str]]:
        lowered = [w.lower() for w in words]
        out: List[Tuple[int, int, str]] = []
        i = 0
        while i < len(words):
            for n in range(min(self.max_len, len(words) - i), 0, -1):
                value = self.entries.get(tuple(lowered[i:i + n]))
                if value is not None:
                    out.append((i, i + n, value))
                    i += n
                    break
            else:
                i += 1
        return out


def batched(items: Iterable[Any], size: int) -> Iterator[List[Any]]:
    """Lists of ``size`` consecutive items (the last may be shorter)."""
    if size < 1:
        raise ValueError(f"batch size must be at least 1, got {size}")
    batch: List[Any] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def native_bf16(device: str = "cpu", cpuinfo: str = "/proc/cpuinfo") -> bool:
    """Whether ``device`` computes bf16 natively: a CUDA GPU that supports it, or a CPU with AVX-512 BF16 or AMX
    (read from ``cpuinfo`` flags; False where that file is missing, e.g. outside Linux)."""
    if str(device).startswith("cuda"):
        import torch

        return bool(torch.cuda.is_available() and torch.cuda.is_bf16_supported())
    try:
        flags = Path(cpuinfo).read_text(errors="replace")
    except OSError:
        return False
    return bool(re.search(r"\b(avx512_bf16|amx_bf16)\b", flags))


class U2TF:
    """Two-stage formatter: stage-1 tagger labels words; stage-2 converter rewrites ITN and mixed-case spans.

    Options (each independent): ``punctuation``, ``truecase``, ``itn`` (``True``/``False`` or a set of classes
    to convert, see :func:`classify_written`), ``spell_numbers_below`` (cardinals under this stay words),
    ``lexicon`` (fixed spellings), ``written_input`` (``"normalize"``: already formatted text is turned back into
    spoken form and formatted again; ``"passthrough"``: returned as it is; ``"ignore"``: treated as spoken),
    ``label_thresholds`` (``{head: {label: probability}}``: a label wins once the tagger gives it that
    probability, e.g. ``{"case": {"MIXED": 0.1}}``; a model's config may set a calibrated default).
    """

    def __init__(self, tagger: Any, converter: Any = None, *, punctuation: bool = True, truecase: bool = True,
                 itn: Union[bool, Iterable[str]] = True, spell_numbers_below: int = 0,
                 lexicon: Union[Lexicon, Mapping[str, str], None] = None, written_input: str = "normalize",
                 context: int = DEFAULT_CONTEXT, batch_size: int = 64,
                 label_thresholds: Optional[Mapping[str, Mapping[str, float]]] = None) -> None:
        if written_input not in WRITTEN_INPUT_MODES:
            raise ValueError(f"written_input must be one of {WRITTEN_INPUT_MODES}, got {written_input!r}")
        self.label_thresholds = {h: dict(t) for h, t in (label_thresholds or {}).items() if t}
        for head, table in self.label_thresholds.items():
            bad = {k: v for k, v in table.items() if not isinstance(v, (int, float)) or not 0 < v <= 1}
            if head not in HEADS or bad:
                raise ValueError(f"label_thresholds: {head!r} → {bad or table} (heads punct/case/itn, "
                                 f"probabilities in (0, 1])")
        self.tagger = tagger
        self.converter = converter
        self.punctuation = punctuation
        self.truecase = truecase
        self.itn_classes = None if itn is True else frozenset() if itn is False else frozenset(itn)
        self.spell_numbers_below = spell_numbers_below
        self.lexicon = lexicon if isinstance(lexicon, Lexicon) else Lexicon(lexicon)
        self.written_input = written_input
        self.context = context
        self.batch_size = batch_size
        self.fallbacks: Counter = Counter()  # guard fallbacks (and spans of switched-off classes), by reason
        self.spans_converted = 0  # spans sent to the converter
        self.digit_retries = 0  # spans saved by a second try with their spoken digits imposed

    @classmethod
    def from_pretrained(cls, path_or_name: Union[str, Path, None] = None, *, device: str = "cpu",
                        dtype: Optional[str] = None, allow_download: bool = False, **options: Any) -> "U2TF":
        """Load a model folder (default: the model shipped in the package). Never downloads unless asked.

        ``dtype``: ``None``/``"fp32"``, ``"bf16"`` (bf16 autocast for the tagger: faster on CPUs with
        AVX-512 bf16 and on GPUs), ``"int8"`` (the tagger's Linear layers as dynamic int8; CPU only), or
        ``"onnx"`` / ``"onnx-int8"`` (the tagger in ONNX Runtime, fp32 or int8; CPU only, extra ``onnx``), or
        ``"auto"``: bf16 where the hardware computes it natively (CUDA with bf16, CPUs with AVX-512 BF16 or AMX),
        else fp32 (on other CPUs bf16 is emulated and many times slower).

        Loading also fixes glibc's heap thresholds for the process (:func:`.memory.tune_allocator`: fewer page
        faults per call; ``U2TF_TUNE_MALLOC=0`` or the user's own ``MALLOC_*_`` settings leave them alone).
        """
        from .io import read_config, resolve_model
        from .memory import tune_allocator
        from .tagger import Tagger

        tune_allocator()
        folder = resolve_model(path_or_name, allow_download=allow_download)
        config = read_config(folder)
        tagger = Tagger.load(folder / config["tagger"], device=device)
        if dtype == "auto":
            dtype = "bf16" if native_bf16(device) else "fp32"
        if dtype in ("bf16", "bfloat16"):
            tagger.autocast = True
        elif dtype == "int8":
            tagger.quantize_int8()
        elif dtype in ("onnx", "onnx-int8"):
            tagger.use_onnx_runtime(int8=dtype == "onnx-int8")
        elif dtype not in (None, "fp32", "float32"):
            raise ValueError(f"dtype must be one of {', '.join(map(repr, DTYPES))} or None, got {dtype!r}")
        converter = None
        if config.get("converter") and (folder / config["converter"]).exists():
            from .converter import SpanConverter

            converter = SpanConverter.load(folder / config["converter"], device=device)
        options.setdefault("context", config.get("context", DEFAULT_CONTEXT))
        options.setdefault("label_thresholds", config.get("label_thresholds"))
        return cls(tagger, converter, **options)

    # -- public API --------------------------------------------------------------------------------------
    def format(self, text: str) -> str:
        """Format one spoken-form transcript into written text."""
        if not isinstance(text, str):
            raise TypeError(f"format() takes a string, got {type(text).__name__}")
        return self.process(text).text

    def format_batch(self, texts: Sequence[str]) -> List[str]:
        return [r.text for r in self.process_batch(texts)]

    def pipe(self, docs: Iterable[Union[str, Sequence[str]]], *, batch_size: Optional[int] = None,
             n_process: int = 1) -> Iterator[Result]:
        """Format a stream of documents lazily, in order: batches of ``batch_size`` (default: the model's) on
        ``n_process`` forked processes (``-1``: one per core; see :func:`.parallel.map_batches`)."""
        from .parallel import map_batches

        if isinstance(docs, str):
            raise TypeError("pipe() takes an iterable of documents; use process() for one string")
        formatted = map_batches(self, batched(docs, batch_size or self.batch_size), n_process)
        return (result for results in formatted for result in results)

    def process(self, words: Union[str, Sequence[str]]) -> Result:
        """Format one document (a string or a list of spoken words) into a :class:`Result`."""
        return self.process_batch([words])[0]

    def process_batch(self, docs: Sequence[Union[str, Sequence[str]]], batch_size: Optional[int] = None) -> List[Result]:
        """Format many documents: one tagger pass over all their windows, one converter pass over all spans."""
        if isinstance(docs, str):
            raise TypeError("process_batch() takes a list of documents; use process() for one string")
        if not isinstance(docs, (list, tuple)):
            raise TypeError(f"process_batch() takes a list of documents (strings or word lists), "
                            f"got {type(docs).__name__}")
        word_lists = [to_words(d) for d in docs]
        results: List[Optional[Result]] = [None] * len(word_lists)
        todo: List[int] = []
        for i, words in enumerate(word_lists):
            if not words:
                results[i] = Result([], [])
            elif self.written_input != "ignore" and looks_written(words):
                if self.written_input == "passthrough":
                    results[i] = Result(list(words), list(words), ["O"] * len(words), ["LOWER"] * len(words),
                                        ["O"] * len(words), [],
                                        [AlignmentGroup((k,), (k,), "plain") for k in range(len(words))], True)
                    continue
                word_lists[i] = self._spoken_form(words)
                todo.append(i)
            else:
                word_lists[i] = [w.lower() for w in words]
                todo.append(i)
        if todo:
            labels = self._labels([word_lists[i] for i in todo], batch_size or self.batch_size)
            for i, formatted in zip(todo, self._finish([word_lists[i] for i in todo], labels)):
                results[i] = formatted
        return results  # type: ignore[return-value]

    # -- steps -------------------------------------------------------------------------------------------
    def _labels(self, docs: List[List[str]], batch_size: int) -> List[Dict[str, List[str]]]:
        if not self.label_thresholds:
            return self.tagger.predict(docs, batch_size=batch_size)
        labels = self.tagger.predict(docs, batch_size=batch_size, return_probs=True)
        for entry in labels:
            for head, table in self.label_thresholds.items():
                entry[head] = apply_label_thresholds(entry[f"{head}_probs"], self.tagger.labels[head], entry[head],
                                                     table)
        return labels

    @staticmethod
    def _spoken_form(words: List[str]) -> List[str]:
        """Written-looking input back to spoken words with the project's own cleaning and verbalizer."""
        import random

        from ..data.examples import make_example

        ex = make_example(" ".join(words), random.Random(0))
        if ex is None:  # nothing verbalizable: at least drop case and the marks the model predicts
            return [w.lower().rstrip(",.?!;:") or w for w in words]
        return ex.spoken

    def _finish(self, docs: List[List[str]], labels: List[Dict[str, List[str]]]) -> List[Result]:
        plans: List[Tuple[List[str], List[str], List[str], List[ConvertedSpan]]] = []
        requests: List[Tuple[int, int]] = []  # (doc, span index) needing stage 2
        inputs: List[str] = []
        for d, (words, lab) in enumerate(zip(docs, labels)):
            punct, case, itn = list(lab["punct"]), list(lab["case"]), list(lab["itn"])
            for i, start in enumerate(sentence_starts(punct)):
                if start and case[i] == "LOWER":
                    case[i] = "CAPITAL"  # keep casing consistent with the predicted sentence ends
            spans = self._spans(words, case, itn)
            for k, span in enumerate(spans):
                if span.kind != LEXICON_CLASS and span.reason is None:
                    requests.append((d, k))
                    inputs.append(span_input(words, span.start, span.end, self.context))
            plans.append((punct, case, itn, spans))
        if inputs:
            from .guards import convert_checked

            spans = [plans[d][3][k] for d, k in requests]
            spoken = [docs[d][span.start:span.end] for (d, _), span in zip(requests, spans)]
            outputs, reasons, retries = convert_checked(self.converter, inputs, spoken,
                                                        [span.kind == MIXED_CLASS for span in spans])
            self.spans_converted += len(inputs)
            self.digit_retries += retries
            for (d, k), span, written, reason in zip(requests, spans, outputs, reasons):
                cls = MIXED_CLASS if span.kind == MIXED_CLASS else classify_written(written) if reason is None else ""
                if reason is None and span.kind != MIXED_CLASS:
                    reason = self._itn_switch(cls, written)
                plans[d][3][k] = replace(span, written=written if reason is None else None, cls=cls, reason=reason)
                if reason is not None:
                    self.fallbacks[reason.split(":")[0]] += 1
        return [self._result(words, *plan) for words, plan in zip(docs, plans)]

    def _spans(self, words: List[str], case: List[str], itn: List[str]) -> List[ConvertedSpan]:
        spans: List[ConvertedSpan] = []
        taken = [False] * len(words)
        for start, end, value in self.lexicon.matches(words) if self.lexicon else ():
            spans.append(ConvertedSpan(start, end, LEXICON_CLASS, " ".join(words[start:end]), value, LEXICON_CLASS))
            taken[start:end] = [True] * (end - start)
        no_converter = "no converter" if self.converter is None else None
        if self.itn_classes != frozenset():
            for start, end in bio_spans(itn):
                if not any(taken[start:end]):
                    spans.append(ConvertedSpan(start, end, "itn", " ".join(words[start:end]), None, "",
                                               no_converter))
                    taken[start:end] = [True] * (end - start)
        if self.truecase:
            for i, label in enumerate(case):
                if label == "MIXED" and not taken[i]:
                    spans.append(ConvertedSpan(i, i + 1, MIXED_CLASS, words[i], None, MIXED_CLASS, no_converter))
        return sorted(spans, key=lambda s: s.start)

    def _itn_switch(self, cls: str, written: str) -> Optional[str]:
        if self.itn_classes is not None and cls not in self.itn_classes:
            return "class disabled"
        if self.spell_numbers_below and cls == "cardinal":
            try:
                if abs(int(written.replace(",", ""))) < self.spell_numbers_below:
                    return "class disabled"
            except ValueError:
                pass
        return None

    def _result(self, words: List[str], punct: List[str], case: List[str], itn: List[str],
                spans: List[ConvertedSpan]) -> Result:
        out_punct = punct if self.punctuation else ["O"] * len(words)
        out_case = case if self.truecase else ["LOWER"] * len(words)
        rewrites = []
        for s in spans:
            written = s.written
            if written is not None and not self.truecase and s.kind != LEXICON_CLASS:
                written = written.lower()
            # with punctuation off the marks the tagger predicts are not attached (out_punct is all "O");
            # a period inside the written span ("8 a.m.", "Inc.") belongs to the token and is kept
            rewrites.append(SpanRewrite(s.start, s.end, s.cls or s.kind, written, verbatim=s.kind == LEXICON_CLASS))
        assembled = assemble(words, out_punct, out_case, rewrites)
        return Result(list(words), assembled.words, list(out_punct), list(out_case), list(itn), spans,
                      assembled.groups)


__all__ = ["U2TF", "Result", "ConvertedSpan", "Lexicon", "classify_written", "looks_written", "to_words",
           "SENTENCE_END"]
