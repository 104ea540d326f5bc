"""The spaCy component ``u2tf``: registration, annotate/replace modes, batching, multiprocessing, serialization."""
from __future__ import annotations

import importlib.metadata
import os
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Dict, List, Sequence

import pytest
import spacy
from spacy.tokens import Doc, DocBin, Span, Token

from spacy_u2tf.core.api import U2TF
from spacy_u2tf.core.labels import CASE_LABELS, ITN_LABELS, PUNCT_LABELS
from spacy_u2tf.pipeline.extensions import DOC_ATTRS, SPAN_ATTRS, SPANS_KEY, TOKEN_ATTRS, install_extensions
from spacy_u2tf.pipeline.factory import U2TFComponent, make_u2tf

TEXT = "so i think we can't meet at five o'clock on tuesday okay"
TEXTS = [f"so we meet at {w} o'clock on tuesday don't we" for w in
         "one two three four five six seven eight nine ten".split()]


@pytest.fixture(scope="module")
def nlp(tiny_model_path):
    nlp = spacy.blank("en")
    nlp.add_pipe("u2tf", config={"model": str(tiny_model_path)})
    return nlp


@pytest.fixture(scope="module")
def nlp_replace(tiny_model_path):
    nlp = spacy.blank("en")
    nlp.add_pipe("u2tf", config={"model": str(tiny_model_path), "mode": "replace"})
    return nlp


def word_token_ids(doc: Doc) -> List[int]:
    return [t.i for t in doc if not t.is_space]


# -- registration ------------------------------------------------------------------------------------------
def test_factory_registered() -> None:
    spacy.blank("en")  # spaCy imports the spacy_factories entry points here
    assert "u2tf" in spacy.registry.factories
    assert spacy.registry.factories.get("u2tf") is make_u2tf
    assert "u2tf" in spacy.blank("en").factory_names


def test_entry_point_points_at_make_u2tf() -> None:
    eps = [ep for ep in importlib.metadata.entry_points(group="spacy_factories") if ep.name == "u2tf"]
    assert len(eps) == 1
    assert eps[0].value == "spacy_u2tf.pipeline.factory:make_u2tf"
    assert eps[0].load() is make_u2tf


def test_install_extensions_idempotent() -> None:
    install_extensions()
    install_extensions()
    for cls, names in ((Token, TOKEN_ATTRS), (Doc, DOC_ATTRS), (Span, SPAN_ATTRS)):
        for name in names:
            assert cls.has_extension(name), f"{cls.__name__}._.{name}"


def test_bad_mode_is_rejected(tiny_model_path) -> None:
    with pytest.raises(ValueError, match="bogus"):
        spacy.blank("en").add_pipe("u2tf", config={"model": str(tiny_model_path), "mode": "bogus"})


# -- annotate mode -----------------------------------------------------------------------------------------
def test_annotate_mode_labels_tokens(nlp, tiny_model_path) -> None:
    doc = nlp(TEXT)
    assert doc.text == TEXT  # annotate keeps the Doc
    for tok in doc:
        assert tok._.u2tf_punct in PUNCT_LABELS, tok
        assert tok._.u2tf_case in CASE_LABELS, tok
        assert tok._.u2tf_itn in ITN_LABELS, tok
    assert isinstance(doc._.u2tf_written, str) and doc._.u2tf_written
    assert SPANS_KEY in doc.spans
    expected = U2TF.from_pretrained(tiny_model_path).format(TEXT)
    assert doc._.u2tf_written == expected


def test_annotate_mode_word_labels_go_to_the_right_tokens(nlp) -> None:
    doc = nlp(TEXT)
    result = nlp.get_pipe("u2tf").u2tf.process(TEXT)
    # "can't" is split by spaCy into "ca" + "n't": case on the first token, punctuation on the last one
    ca, nt = doc[4], doc[5]
    assert (ca.text, nt.text) == ("ca", "n't")
    assert ca._.u2tf_case == result.case[4] and nt._.u2tf_case == "LOWER"
    assert nt._.u2tf_punct == result.punct[4] and ca._.u2tf_punct == "O"
    assert [t._.u2tf_punct for t in doc][-1] == result.punct[-1]


def test_annotate_mode_spans_with_converted_text() -> None:
    """With a stage 2 that succeeds (stub tagger/converter), converted spans land in doc.spans['u2tf']."""

    class Tagger:
        def predict(self, docs: Sequence[Sequence[str]], batch_size: int = 64) -> List[Dict[str, List[str]]]:
            nums = {"twenty", "five", "dollars"}
            return [{"punct": ["O"] * (len(w) - 1) + ["PERIOD"],
                     "case": ["MIXED" if x == "mcdonald" else "LOWER" for x in w],
                     "itn": ["I" if x in nums and i and w[i - 1] in nums else "B" if x in nums else "O"
                             for i, x in enumerate(w)]} for w in docs]

    class Converter:
        def convert(self, inputs: Sequence[str], **_: object) -> List[str]:
            table = {"twenty five dollars": "$25", "mcdonald": "McDonald"}
            return [table.get(t.split("<span>")[1].split("</span>")[0].strip(), "") for t in inputs]

    nlp = spacy.blank("en")
    comp = nlp.add_pipe("u2tf", config={"model": "/not/used"})
    comp._u2tf = U2TF(Tagger(), Converter())
    doc = nlp("mcdonald paid twenty five dollars")
    assert doc._.u2tf_written == "McDonald paid $25."
    spans = [(s.text, s.label_, s._.u2tf_written) for s in doc.spans[SPANS_KEY]]
    assert spans == [("mcdonald", "mixed", "McDonald"), ("twenty five dollars", "money", "$25")]
    assert [t._.u2tf_itn for t in doc] == ["O", "O", "B", "I", "I"]


def test_annotate_mode_multiple_spaces_and_already_written_text(nlp) -> None:
    doc = nlp("so  we   met\tthere")
    assert isinstance(doc._.u2tf_written, str)
    assert all(t._.u2tf_punct is None for t in doc if t.is_space)
    assert all(t._.u2tf_punct in PUNCT_LABELS for t in doc if not t.is_space)
    written = nlp("Hello, World. I paid $5.")  # normalised one word per word: annotated token by token
    assert isinstance(written._.u2tf_written, str)


def test_empty_doc(nlp, nlp_replace) -> None:
    assert nlp("")._.u2tf_written == ""
    doc = nlp_replace("")
    assert doc.text == "" and doc._.u2tf_spoken == "" and doc._.u2tf_alignment == []


# -- replace mode ------------------------------------------------------------------------------------------
def test_replace_mode_returns_written_doc(nlp_replace, tiny_model_path) -> None:
    doc = nlp_replace(TEXT)
    expected = U2TF.from_pretrained(tiny_model_path).format(TEXT)
    assert doc.text == expected
    assert doc._.u2tf_written == expected
    assert doc._.u2tf_spoken == TEXT
    alignment = doc._.u2tf_alignment
    spoken_doc = nlp_replace.make_doc(TEXT)
    sources = [t for src, _, _ in alignment for t in src]
    targets = [t for _, tgt, _ in alignment for t in tgt]
    assert sources == word_token_ids(spoken_doc)
    assert targets == word_token_ids(doc)


@pytest.mark.parametrize("text", ["um well we paid twenty five dollars and fifty cents in nineteen ninety nine",
                                  "😀 привет you're right isn't it", "x"])
def test_replace_mode_alignment_covers_all_tokens(nlp_replace, text: str) -> None:
    doc = nlp_replace(text)
    sources = sorted(t for src, _, _ in doc._.u2tf_alignment for t in src)
    targets = sorted(t for _, tgt, _ in doc._.u2tf_alignment for t in tgt)
    assert sources == word_token_ids(nlp_replace.make_doc(text))
    assert targets == word_token_ids(doc)


def test_replace_mode_hyphenated_compound_is_one_group(tiny_model_path, monkeypatch) -> None:
    """Two spoken words joined by HYPHEN become one written word that spaCy splits into three tokens; the
    alignment maps both spoken tokens to all three."""
    nlp = spacy.blank("en")
    component = nlp.add_pipe("u2tf", config={"model": str(tiny_model_path), "mode": "replace"})
    predict = component.u2tf.tagger.predict

    def hyphenating(docs, *args, **kwargs):
        out = predict(docs, *args, **kwargs)
        for words, labels in zip(docs, out):
            labels["punct"] = ["HYPHEN" if w == "well" else "O" for w in words]
            labels["itn"] = ["O"] * len(words)
            labels["case"] = ["LOWER"] * len(words)
        return out

    monkeypatch.setattr(component.u2tf.tagger, "predict", hyphenating)
    doc = nlp("a well known firm")
    # (the text ends a sentence: its last word gets a period, a token of its own in spaCy)
    assert doc.text == "A well-known firm." and [t.text for t in doc] == ["A", "well", "-", "known", "firm", "."]
    assert [(src, tgt) for src, tgt, _ in doc._.u2tf_alignment] == [([0], [0]), ([1, 2], [1, 2, 3]), ([3], [4, 5])]


def test_replace_mode_alignment_with_nfkc_space(nlp_replace) -> None:
    text = "caf\u00b4 au lait"
    doc = nlp_replace(text)
    targets = sorted(t for _, tgt, _ in doc._.u2tf_alignment for t in tgt)
    assert targets == word_token_ids(doc)


def test_annotate_mode_word_split_by_nfkc(nlp) -> None:
    text = "caf\u00b4 au lait"  # NFKC: 'caf \u0301' → two spoken words from one whitespace word
    doc = nlp(text)
    result = nlp.get_pipe("u2tf").u2tf.process(text)
    assert len(result.spoken) == 4
    first_word = [t for t in doc if t.idx < len("caf\u00b4")]
    assert first_word[0]._.u2tf_case == result.case[0]
    assert first_word[-1]._.u2tf_punct == result.punct[1]
    assert [t._.u2tf_punct for t in doc][-1] == result.punct[-1]
    assert all(t._.u2tf_punct in PUNCT_LABELS for t in doc)


def test_replace_mode_control_only_word_is_no_content(nlp_replace) -> None:
    text = "hello \x00 world"
    doc = nlp_replace(text)
    assert "\x00" not in doc.text
    spoken = nlp_replace.make_doc(text)
    sources = sorted(t for src, _, _ in doc._.u2tf_alignment for t in src)
    assert sources == [t.i for t in spoken if not t.is_space and t.text != "\x00"]
    assert sorted(t for _, tgt, _ in doc._.u2tf_alignment for t in tgt) == word_token_ids(doc)


# -- batching and multiprocessing --------------------------------------------------------------------------
def test_pipe_batches_calls_process_batch_once_per_batch(tiny_model_path, monkeypatch) -> None:
    nlp = spacy.blank("en")
    nlp.add_pipe("u2tf", config={"model": str(tiny_model_path)})
    u2tf = nlp.get_pipe("u2tf").u2tf
    original = u2tf.process_batch
    calls: List[int] = []

    def counting(docs, *args, **kwargs):
        calls.append(len(docs))
        return original(docs, *args, **kwargs)

    monkeypatch.setattr(u2tf, "process_batch", counting)
    docs = list(nlp.pipe(TEXTS, batch_size=5))
    assert calls == [5, 5]
    assert [d._.u2tf_written for d in docs] == [nlp.get_pipe("u2tf").u2tf.format(t) for t in TEXTS]
    calls.clear()
    list(nlp.pipe(TEXTS[:3]))  # default batch size: one call
    assert calls == [3]


def test_pipe_equals_call(nlp) -> None:
    assert [d._.u2tf_written for d in nlp.pipe(TEXTS)] == [nlp(t)._.u2tf_written for t in TEXTS]


# The multiprocessing check runs in its own interpreter: spaCy forks its workers, and a fork of a process that
# already ran torch ops (as this pytest process has) is the situation tested separately below.
_MP_SCRIPT = textwrap.dedent("""
    import os, sys, threading, time
    import torch  # imported (no op run yet) so that forked workers start fast
    torch.set_num_threads(2)  # a real OpenMP pool in the parent even under OMP_NUM_THREADS=1 (else no hang to test)
    import spacy
    model, watchdog = sys.argv[1], float(sys.argv[2])
    texts = %r
    nlp = spacy.blank("en")  # the factory comes from the spacy_factories entry point: spacy_u2tf is not imported
    print("REGISTERED", "u2tf" in spacy.registry.factories, flush=True)
    nlp.add_pipe("u2tf", config={"model": model, "dtype": sys.argv[3]})
    import spacy_u2tf.core.tagger, spacy_u2tf.core.converter, safetensors.torch  # imports only (no torch op):
    from transformers import BertConfig, BertModel  # forked workers then load the model fast
    t0 = time.time()
    multi = [d._.u2tf_written for d in nlp.pipe(texts, n_process=2, batch_size=3)]
    single = [d._.u2tf_written for d in nlp.pipe(texts)]
    print("CLEAN", multi == single, time.time() - t0, flush=True)
    print("SINGLE", single, flush=True)
    def hang():
        print("HANG", flush=True)
        os.killpg(0, 9)
    timer = threading.Timer(watchdog, hang)
    timer.daemon = True
    timer.start()
    again = [d._.u2tf_written for d in nlp.pipe(texts, n_process=2, batch_size=3)]
    timer.cancel()
    print("AFTER", again == single, flush=True)
""") % (TEXTS,)


def _run_multiprocess(model: Path, dtype: str, env: Dict[str, str]) -> str:
    proc = subprocess.Popen([sys.executable, "-c", _MP_SCRIPT, str(model), "5", dtype], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True, env=env)
    try:
        out, err = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # the session this test started (the script and its workers)
        out, err = proc.communicate()
    return out + "\n--- stderr ---\n" + err[-3000:]


@pytest.fixture(scope="module")
def multiprocess_run(tiny_model_path) -> str:
    return _run_multiprocess(tiny_model_path, "fp32", dict(os.environ))


def test_entry_point_discovery_without_import(multiprocess_run: str) -> None:
    assert "REGISTERED True" in multiprocess_run, multiprocess_run


def test_n_process_2_equals_single_process(multiprocess_run: str, nlp) -> None:
    assert "CLEAN True" in multiprocess_run, multiprocess_run
    single = [line for line in multiprocess_run.splitlines() if line.startswith("SINGLE ")][0]
    assert single == "SINGLE " + repr([d._.u2tf_written for d in nlp.pipe(TEXTS)])


def test_n_process_2_after_single_process_use(multiprocess_run: str) -> None:
    assert "AFTER True" in multiprocess_run, multiprocess_run


def test_n_process_2_with_onnx_runtime(tiny_model_path, tmp_path) -> None:
    """ONNX Runtime sessions are made in each worker (the component loads lazily): same text as one process."""
    pytest.importorskip("onnxruntime")
    pytest.importorskip("onnx")
    out = _run_multiprocess(tiny_model_path, "onnx", {**os.environ, "U2TF_CACHE": str(tmp_path)})
    assert "CLEAN True" in out and "AFTER True" in out, out


# A model that fails on some Docs inside nlp.pipe(n_process=2): spaCy's own workers would leave the parent waiting
# forever on an exception, so the component must not raise there. A watchdog and the subprocess timeout turn a hang
# into a failure instead of a stuck pytest.
_FAILING_SCRIPT = textwrap.dedent("""
    import os, sys, threading, warnings
    import spacy
    from spacy_u2tf.core.api import U2TF
    original = U2TF.process_batch
    def process_batch(self, docs, batch_size=None):
        if any("BOOM" in d for d in docs):
            raise ValueError("boom")
        return original(self, docs, batch_size)
    U2TF.process_batch = process_batch
    warnings.simplefilter("ignore")
    timer = threading.Timer(float(sys.argv[2]), lambda: (print("HANG", flush=True), os.killpg(0, 9)))
    timer.daemon = True
    timer.start()
    nlp = spacy.blank("en")
    nlp.add_pipe("u2tf", config={"model": sys.argv[1]})
    texts = ["hello there", "BOOM goes this one", "so we met at five", "and BOOM again", "bye now"]
    docs = list(nlp.pipe(texts, n_process=2, batch_size=2))
    timer.cancel()
    print("ERRORS", [d._.u2tf_error for d in docs], flush=True)
    print("WRITTEN", [d._.u2tf_written for d in docs] == [nlp(t)._.u2tf_written for t in texts], flush=True)
""")


def test_n_process_2_with_failing_docs_neither_hangs_nor_loses_docs(tiny_model_path) -> None:
    proc = subprocess.Popen([sys.executable, "-c", _FAILING_SCRIPT, str(tiny_model_path), "60"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
    assert "HANG" not in out and proc.returncode == 0, out + err[-3000:]
    assert "ERRORS [None, 'ValueError: boom', None, 'ValueError: boom', None]" in out, out + err[-3000:]
    assert "WRITTEN True" in out, out


def test_failing_doc_passes_through_unformatted(nlp, monkeypatch) -> None:
    component = nlp.get_pipe("u2tf")
    monkeypatch.setattr(component.u2tf, "process_batch", lambda docs, batch_size=None: 1 / 0)
    monkeypatch.setattr(component.u2tf, "process", lambda text: 1 / 0)
    with pytest.warns(RuntimeWarning, match="u2tf could not format a Doc"):
        doc = nlp("hello there")
    assert doc._.u2tf_error == "ZeroDivisionError: division by zero" and doc._.u2tf_written == "hello there"


def test_dtype_reaches_the_model(tiny_model_path) -> None:
    nlp = spacy.blank("en")
    component = nlp.add_pipe("u2tf", config={"model": str(tiny_model_path), "dtype": "bf16"})
    assert component.u2tf.tagger.autocast
    int8 = spacy.blank("en")
    int8.add_pipe("u2tf", config={"model": str(tiny_model_path), "dtype": "int8"})
    api = U2TF.from_pretrained(tiny_model_path, dtype="int8")
    assert [d._.u2tf_written for d in int8.pipe(TEXTS)] == api.format_batch(TEXTS)


def test_bad_dtype_is_rejected(tiny_model_path) -> None:
    with pytest.raises(ValueError, match="dtype"):
        spacy.blank("en").add_pipe("u2tf", config={"model": str(tiny_model_path), "dtype": "fp8"})


@pytest.mark.parametrize("size,error", [(0, ValueError), (-3, ValueError)])
def test_a_batch_size_below_one_is_rejected(tiny_model_path, size: int, error) -> None:
    with pytest.raises(error, match="u2tf: batch_size"):
        spacy.blank("en").add_pipe("u2tf", config={"model": str(tiny_model_path), "batch_size": size})
    nlp = spacy.blank("en")
    nlp.add_pipe("u2tf", config={"model": str(tiny_model_path)})
    with pytest.raises(error, match="batch_size"):
        list(nlp.get_pipe("u2tf").pipe([nlp.make_doc("one two")], batch_size=size))


# -- serialization -----------------------------------------------------------------------------------------
def test_to_disk_and_load_use_the_copied_weights(tiny_model_path, tmp_path) -> None:
    source = tmp_path / "source-model"
    shutil.copytree(tiny_model_path, source)
    nlp = spacy.blank("en")
    nlp.add_pipe("u2tf", config={"model": str(source)})
    before = [d._.u2tf_written for d in nlp.pipe(TEXTS[:4])]
    out = tmp_path / "pipeline"
    nlp.to_disk(out)
    model_dir = out / "u2tf" / "model"
    assert (model_dir / "config.json").exists()
    assert (model_dir / "tagger" / "model.safetensors").exists()
    assert (model_dir / "converter" / "converter.safetensors").exists()
    shutil.rmtree(source)  # the saved pipeline must not need the original folder
    loaded = spacy.load(out)
    assert [d._.u2tf_written for d in loaded.pipe(TEXTS[:4])] == before
    comp = loaded.get_pipe("u2tf")
    assert isinstance(comp, U2TFComponent)
    assert Path(comp.model_name).resolve() == model_dir.resolve()
    loaded.to_disk(out)  # saving onto itself keeps the weights
    assert (model_dir / "tagger" / "model.safetensors").exists()


def test_packaged_model_name_round_trips_through_to_disk(tmp_path, packaged_model_folder) -> None:
    """``model = "u2tf-fast"`` (a packaged name, not a folder): to_disk copies that model's folder."""
    from spacy_u2tf.core.io import FAST_MODEL

    folder = packaged_model_folder(FAST_MODEL)
    nlp = spacy.blank("en")
    nlp.add_pipe("u2tf", config={"model": FAST_MODEL})
    before = [d._.u2tf_written for d in nlp.pipe(TEXTS[:4])]
    nlp.to_disk(tmp_path / "pipeline")
    copied = tmp_path / "pipeline" / "u2tf" / "model"
    assert (copied / "tagger" / "config.json").read_text() == (folder / "tagger" / "config.json").read_text()
    loaded = spacy.load(tmp_path / "pipeline")
    assert [d._.u2tf_written for d in loaded.pipe(TEXTS[:4])] == before


def test_pipeline_to_bytes_from_bytes(tiny_model_path) -> None:
    nlp = spacy.blank("en")
    nlp.add_pipe("u2tf", config={"model": str(tiny_model_path)})
    data = nlp.to_bytes()
    other = spacy.blank("en")
    other.add_pipe("u2tf", config={"model": "/nowhere/model"})
    other.from_bytes(data)
    assert other(TEXT)._.u2tf_written == nlp(TEXT)._.u2tf_written


def test_doc_to_bytes_keeps_annotations(nlp) -> None:
    doc = nlp(TEXT)
    restored = Doc(nlp.vocab).from_bytes(doc.to_bytes())
    assert restored._.u2tf_written == doc._.u2tf_written
    assert [t._.u2tf_punct for t in restored] == [t._.u2tf_punct for t in doc]
    assert [t._.u2tf_case for t in restored] == [t._.u2tf_case for t in doc]
    assert [t._.u2tf_itn for t in restored] == [t._.u2tf_itn for t in doc]
    assert SPANS_KEY in restored.spans


def test_docbin_keeps_annotations(nlp, nlp_replace) -> None:
    docs = list(nlp.pipe(TEXTS[:3]))
    replaced = nlp_replace(TEXT)
    db = DocBin(store_user_data=True)
    for doc in docs + [replaced]:
        db.add(doc)
    restored = list(DocBin().from_bytes(db.to_bytes()).get_docs(nlp.vocab))
    for doc, back in zip(docs, restored):
        assert back._.u2tf_written == doc._.u2tf_written
        assert [t._.u2tf_punct for t in back] == [t._.u2tf_punct for t in doc]
    back = restored[-1]
    assert back.text == replaced.text
    assert back._.u2tf_spoken == TEXT
    as_lists = [[list(src), list(tgt), cls] for src, tgt, cls in back._.u2tf_alignment]  # msgpack: tuples
    assert as_lists == replaced._.u2tf_alignment
