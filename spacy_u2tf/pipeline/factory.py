"""The spaCy component ``u2tf``: format spoken-form Docs (annotate them, or replace them by written Docs).

Registered through the ``spacy_factories`` entry point and ``@Language.factory``. Weights come from the model
named in the config on ``initialize`` (or on first use), and from the pipeline folder on ``from_disk``.
"""
from __future__ import annotations

import io
import json
import shutil
import tarfile
import tempfile
import warnings
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Union

from spacy.language import Language
from thinc.api import Config
from spacy.tokens import Doc, Span
from spacy.util import from_bytes, minibatch, to_bytes

from ..core.api import DEFAULT_DTYPE, Lexicon, check_batch_size
from ..core.precision import check_dtype
from ..core.written_input import WRITTEN_INPUT_MODES
from ..core.disfluency import check_disfluency_mode
from . import models  # noqa: F401  (registers the model loaders before a config names them)
from .extensions import SPANS_KEY, install_extensions
from .written_doc import build_written_doc, spoken_word_tokens

MODES = ("annotate", "replace")
# What each mode sets (the factory declares both; replace mode returns a new Doc, hence retokenizes=True).
ASSIGNS = {
    "annotate": ["token._.u2tf_punct", "token._.u2tf_case", "token._.u2tf_itn", "token._.u2tf_disfluency",
                 "doc._.u2tf_written", "doc._.u2tf_error", "doc.spans", "span._.u2tf_written"],
    "replace": ["doc._.u2tf_written", "doc._.u2tf_spoken", "doc._.u2tf_alignment", "doc._.u2tf_error"],
}
LEXICON_FILE = "lexicon.json"
DEFAULT_CONFIG_STR = f"""
[u2tf]
mode = "annotate"
punctuation = true
truecase = true
itn = true
spell_numbers_below = null
written_input = "normalize"
lexicon = null
label_thresholds = null
mixed_case_forms = true
hyphen_compounds = true
plain_words = true
batch_size = 64
device = "cpu"
dtype = "{DEFAULT_DTYPE}"
disfluencies = "keep"

[u2tf.model]
@misc = "spacy-u2tf.PackagedModel.v1"
name = "u2tf-default"
"""
DEFAULT_CONFIG: Dict[str, Any] = Config().from_str(DEFAULT_CONFIG_STR)["u2tf"]


class U2TFComponent:
    """Formats each Doc's text with a :class:`spacy_u2tf.U2TF` model.

    ``annotate``: tokens get ``._.u2tf_punct/_case/_itn`` (and ``._.u2tf_disfluency`` from a model with a
    disfluency head), ``doc._.u2tf_written`` the formatted text and ``doc.spans["u2tf"]`` the converted spans
    (``span._.u2tf_written``). ``replace``: returns a new Doc of the written text; ``doc._.u2tf_spoken`` and
    ``doc._.u2tf_alignment`` lead back to the spoken tokens. ``disfluencies`` (``"keep"``, ``"fillers"``,
    ``"all"``, see :class:`spacy_u2tf.U2TF`): the words it drops are missing from the written text, and in
    annotate mode their tokens keep the Doc but get neutral punct/case/ITN labels.

    The other formatter options are :class:`spacy_u2tf.U2TF`'s: ``itn`` (``true``/``false`` or a list of classes),
    ``spell_numbers_below`` and ``label_thresholds`` (``null``: the model's own), ``written_input``, ``lexicon``
    (a ``{spoken: written}`` table or the path of a ``spoken<TAB>written`` file, read when the model loads and
    saved with the pipeline) and
    ``mixed_case_forms`` (``true``: the model's table of known mixed-case words and acronyms; ``false``: none; or
    a ``{word: form}`` table) and ``hyphen_compounds`` (``true``: the model's list of compounds always written with
    hyphens; ``false``: none; or a list such as ``["non-profit", "e-mail"]``) and ``plain_words`` (``true``: the
    model's list of words never written in capitals, whose ACRONYM label needs more probability; ``false``: none;
    or a list of words).
    """

    MODEL_DIR = "model"

    def __init__(self, nlp: Language, name: str = "u2tf", *, model: Optional[str] = None, mode: str = "annotate",
                 punctuation: bool = True, truecase: bool = True, itn: Union[bool, List[str]] = True,
                 batch_size: int = 64, device: str = "cpu", dtype: Optional[str] = DEFAULT_DTYPE,
                 disfluencies: str = "keep", spell_numbers_below: Optional[int] = None,
                 written_input: str = "normalize",
                 lexicon: Union[None, str, Dict[str, str]] = None,
                 label_thresholds: Optional[Dict[str, Dict[str, float]]] = None,
                 mixed_case_forms: Union[bool, Dict[str, str]] = True,
                 hyphen_compounds: Union[bool, List[str]] = True,
                 plain_words: Union[bool, List[str]] = True) -> None:
        if mode not in MODES:
            raise ValueError(f"u2tf: mode must be one of {MODES}, got {mode!r}")
        check_dtype(dtype)
        if written_input not in WRITTEN_INPUT_MODES:
            raise ValueError(f"u2tf: written_input must be one of {WRITTEN_INPUT_MODES}, got {written_input!r}")
        check_disfluency_mode(disfluencies)
        try:
            check_batch_size(batch_size)
        except (TypeError, ValueError) as error:
            raise type(error)(f"u2tf: {error}") from None
        install_extensions()
        self.name = name
        self.make_doc: Callable[[str], Doc] = nlp.make_doc
        self.model_name = model
        self.mode = mode
        self.options = {"punctuation": punctuation, "truecase": truecase, "itn": itn, "disfluencies": disfluencies,
                        "spell_numbers_below": spell_numbers_below, "written_input": written_input,
                        "label_thresholds": label_thresholds, "mixed_case_forms": mixed_case_forms,
                        "hyphen_compounds": hyphen_compounds, "plain_words": plain_words}
        self.lexicon = lexicon
        self.batch_size = batch_size
        self.device = device
        self.dtype = dtype
        self._u2tf = None
        self._model_bytes: Optional[bytes] = None  # the model folder as a tar, after from_bytes

    # -- model -------------------------------------------------------------------------------------------
    @property
    def u2tf(self):
        if self._u2tf is None:
            self.initialize()
        return self._u2tf

    def initialize(self, get_examples: Optional[Callable[[], Iterable]] = None, *, nlp: Optional[Language] = None,
                   model: Optional[str] = None) -> None:
        """Load the model named by ``model`` (or the config's ``model``; default: the shipped model)."""
        from ..core.api import U2TF

        if model is not None:
            self.model_name, self._model_bytes = model, None
        options = dict(device=self.device, dtype=self.dtype, batch_size=self.batch_size, lexicon=self._lexicon(),
                       **self.options)
        if self._model_bytes is None:
            self._u2tf = U2TF.from_pretrained(self.model_name, **options)
            return
        with tempfile.TemporaryDirectory(prefix="u2tf-") as tmp:  # weights are read into memory: gone once loaded
            with tarfile.open(fileobj=io.BytesIO(self._model_bytes)) as tar:
                tar.extractall(tmp, filter="data")
            self._u2tf = U2TF.from_pretrained(Path(tmp) / self.MODEL_DIR, **options)

    # -- processing --------------------------------------------------------------------------------------
    def __call__(self, doc: Doc) -> Doc:
        return next(iter(self.pipe([doc])))

    def pipe(self, stream: Iterable[Doc], *, batch_size: Optional[int] = None) -> Iterator[Doc]:
        """Format ``stream`` in batches. A Doc the model fails on is never raised from here (an exception in a
        ``nlp.pipe(n_process>1)`` worker would leave spaCy waiting forever): it passes through unformatted, with
        ``doc._.u2tf_error`` saying why and ``doc._.u2tf_written`` its own text, and a warning is issued."""
        for docs in minibatch(stream, size=self.batch_size if batch_size is None else check_batch_size(batch_size)):
            try:
                results: List[Any] = self.u2tf.process_batch([doc.text for doc in docs])
            except Exception:  # noqa: BLE001 - which Doc failed is found below, one at a time
                results = [self._process_one(doc) for doc in docs]
            for doc, result in zip(docs, results):
                yield self._apply_or_pass(doc, result)

    def _apply_or_pass(self, doc: Doc, result: Any) -> Doc:
        if not isinstance(result, str):
            try:
                return self._apply(doc, result)
            except Exception as err:  # noqa: BLE001 - recorded on the Doc
                result = f"{type(err).__name__}: {err}"
        return self._unformatted(doc, result)

    def _process_one(self, doc: Doc) -> Any:
        """The Doc's result, or the error it raised as ``"ErrorType: message"``."""
        try:
            return self.u2tf.process(doc.text)
        except Exception as err:  # noqa: BLE001 - recorded on the Doc
            return f"{type(err).__name__}: {err}"

    def _unformatted(self, doc: Doc, error: str) -> Doc:
        warnings.warn(f"u2tf could not format a Doc ({error}); it passes through unformatted, see doc._.u2tf_error",
                      RuntimeWarning, stacklevel=2)
        doc._.u2tf_error = error
        doc._.u2tf_written = doc.text
        if self.mode == "replace":
            doc._.u2tf_spoken = doc.text
            doc._.u2tf_alignment = []
        return doc

    def _apply(self, doc: Doc, result) -> Doc:
        word_tokens = spoken_word_tokens(doc)
        if len(word_tokens) != len(result.spoken):
            # Text the model rewrote before tagging (already-written input): annotate at Doc level only.
            word_tokens = []
        if self.mode == "replace":
            groups = [(g.source, g.target, g.cls) for g in result.groups]
            if word_tokens:
                written, alignment = build_written_doc(self.make_doc, result.words, groups, word_tokens)
            else:
                written, alignment = self.make_doc(result.text), []
            written._.u2tf_spoken = doc.text
            written._.u2tf_alignment = alignment
            written._.u2tf_written = written.text
            return written
        for w, toks in enumerate(word_tokens):
            # spoken words cut from one whitespace word share its tokens: case/ITN from the first, punct from the last
            first = w == 0 or word_tokens[w - 1] is not toks
            last = w == len(word_tokens) - 1 or word_tokens[w + 1] is not toks
            for k, t in enumerate(toks):
                tok = doc[t]
                if result.disfl:
                    tok._.u2tf_disfluency = result.disfl[w]
                if first:
                    tok._.u2tf_case = result.case[w] if k == 0 else "LOWER"
                    tok._.u2tf_itn = result.itn[w] if k == 0 or result.itn[w] == "O" else "I"
                if last:
                    tok._.u2tf_punct = result.punct[w] if k == len(toks) - 1 else "O"
        doc._.u2tf_written = result.text
        spans: List[Span] = []
        for s in result.spans:
            if s.written is None or not word_tokens:
                continue
            span = doc[word_tokens[s.start][0]:word_tokens[s.end - 1][-1] + 1]
            span = Span(doc, span.start, span.end, label=s.cls or s.kind)
            span._.u2tf_written = s.written
            spans.append(span)
        doc.spans[SPANS_KEY] = spans
        return doc

    # -- serialization -----------------------------------------------------------------------------------
    def to_disk(self, path: Union[str, Path], *, exclude: Sequence[str] = ()) -> None:
        """Write the model folder (weights included) under ``path/model`` and the lexicon's entries to
        ``path/lexicon.json``; ``exclude`` may name ``"model"`` and ``"lexicon"``."""
        path = Path(path)
        path.mkdir(parents=True, exist_ok=True)
        if "model" not in exclude:
            target = path / self.MODEL_DIR
            if self._model_bytes is not None:
                if target.exists():
                    shutil.rmtree(target)
                with tarfile.open(fileobj=io.BytesIO(self._model_bytes)) as tar:
                    tar.extractall(path, filter="data")
            else:
                source = self._model_folder()
                if source.resolve() != target.resolve():
                    if target.exists():
                        shutil.rmtree(target)
                    shutil.copytree(source, target)
        if "lexicon" not in exclude and self.lexicon:
            (path / LEXICON_FILE).write_text(self._lexicon_json(), encoding="utf-8")

    def from_disk(self, path: Union[str, Path], *, exclude: Sequence[str] = ()) -> "U2TFComponent":
        """Use the model folder saved inside the pipeline (never the original source) and its lexicon."""
        path = Path(path)
        if "model" not in exclude:
            self.model_name, self._model_bytes, self._u2tf = str(path / self.MODEL_DIR), None, None
        if "lexicon" not in exclude and (path / LEXICON_FILE).exists():
            self.lexicon, self._u2tf = json.loads((path / LEXICON_FILE).read_text(encoding="utf-8")), None
        return self

    def to_bytes(self, *, exclude: Sequence[str] = ()) -> bytes:
        """The model folder (as a tar) and the lexicon, without touching the disk but to read the model."""
        return to_bytes({"model": self._model_tar, "lexicon": self._lexicon_json}, exclude)

    def from_bytes(self, data: bytes, *, exclude: Sequence[str] = ()) -> "U2TFComponent":
        """Keep the model in memory (loaded through a temporary folder, removed once its weights are read)."""

        def set_model(tar: bytes) -> None:
            self._model_bytes, self.model_name, self._u2tf = tar, None, None

        def set_lexicon(text: str) -> None:
            self.lexicon, self._u2tf = (json.loads(text) or None), None

        from_bytes(data, {"model": set_model, "lexicon": set_lexicon}, exclude)
        return self

    def _model_folder(self) -> Path:
        from ..core.io import resolve_model

        return resolve_model(self.model_name)

    def _model_tar(self) -> bytes:
        if self._model_bytes is not None:
            return self._model_bytes
        buf = io.BytesIO()
        with tarfile.open(fileobj=buf, mode="w") as tar:
            tar.add(self._model_folder(), arcname=self.MODEL_DIR)
        return buf.getvalue()

    def _lexicon(self) -> Lexicon:
        """The config's lexicon: a file read now, or a table."""
        return Lexicon.from_file(self.lexicon) if isinstance(self.lexicon, str) else Lexicon(self.lexicon)

    def _lexicon_json(self) -> str:
        entries = self._lexicon().entries
        return json.dumps({" ".join(key): value for key, value in entries.items()}, ensure_ascii=False)


@Language.factory("u2tf", default_config=DEFAULT_CONFIG,
                  assigns=sorted(set(ASSIGNS["annotate"] + ASSIGNS["replace"])), retokenizes=True)
def make_u2tf(nlp: Language, name: str, model: Optional[str], mode: str, punctuation: bool, truecase: bool,
              itn: Union[bool, List[str]], batch_size: int, device: str, dtype: Optional[str], disfluencies: str,
              spell_numbers_below: Optional[int], written_input: str, lexicon: Union[None, str, Dict[str, str]],
              label_thresholds: Optional[Dict[str, Dict[str, float]]],
              mixed_case_forms: Union[bool, Dict[str, str]] = True,
              hyphen_compounds: Union[bool, List[str]] = True,
              plain_words: Union[bool, List[str]] = True) -> U2TFComponent:
    """Factory of the ``u2tf`` component (see :class:`U2TFComponent`; ``model``: a registered loader such as
    ``spacy-u2tf.PackagedModel.v1`` or ``spacy-u2tf.ModelFolder.v1``, a packaged name or a folder)."""
    return U2TFComponent(nlp, name, model=model, mode=mode, punctuation=punctuation, truecase=truecase, itn=itn,
                         batch_size=batch_size, device=device, dtype=dtype, disfluencies=disfluencies,
                         spell_numbers_below=spell_numbers_below, written_input=written_input, lexicon=lexicon,
                         label_thresholds=label_thresholds, mixed_case_forms=mixed_case_forms,
                         hyphen_compounds=hyphen_compounds, plain_words=plain_words)
