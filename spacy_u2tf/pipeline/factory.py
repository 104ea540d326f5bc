"""The spaCy component ``u2tf``: format spoken-form Docs (annotate them, or replace them by written Docs).

Registered through the ``spacy_factories`` entry point and ``@Language.factory``. Weights come from the model
named in the config on ``initialize`` (or on first use), and from the pipeline folder on ``from_disk``.
"""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Union

from spacy.language import Language
from thinc.api import Config
from spacy.tokens import Doc, Span
from spacy.util import minibatch

from ..core.api import DTYPES
from .extensions import SPANS_KEY, install_extensions
from .written_doc import build_written_doc, spoken_word_tokens

MODES = ("annotate", "replace")
DEFAULT_CONFIG_STR = """
[u2tf]
model = null
mode = "annotate"
punctuation = true
truecase = true
itn = true
batch_size = 64
device = "cpu"
dtype = "fp32"
"""
DEFAULT_CONFIG: Dict[str, Any] = Config().from_str(DEFAULT_CONFIG_STR)["u2tf"]


class U2TFComponent:
    """Formats each Doc's text with a :class:`spacy_u2tf.U2TF` model.

    ``annotate``: tokens get ``._.u2tf_punct/_case/_itn``, ``doc._.u2tf_written`` the formatted text and
    ``doc.spans["u2tf"]`` the converted spans (``span._.u2tf_written``). ``replace``: returns a new Doc of the
    written text; ``doc._.u2tf_spoken`` and ``doc._.u2tf_alignment`` lead back to the spoken tokens.
    """

    MODEL_DIR = "model"

    def __init__(self, nlp: Language, name: str = "u2tf", *, model: Optional[str] = None, mode: str = "annotate",
                 punctuation: bool = True, truecase: bool = True, itn: bool = True, batch_size: int = 64,
                 device: str = "cpu", dtype: str = "fp32") -> None:
        if mode not in MODES:
            raise ValueError(f"u2tf: mode must be one of {MODES}, got {mode!r}")
        if dtype not in DTYPES:
            raise ValueError(f"u2tf: dtype must be one of {DTYPES}, got {dtype!r}")
        install_extensions()
        self.name = name
        self.make_doc: Callable[[str], Doc] = nlp.make_doc
        self.model_name = model
        self.mode = mode
        self.options = {"punctuation": punctuation, "truecase": truecase, "itn": itn}
        self.batch_size = batch_size
        self.device = device
        self.dtype = dtype
        self._u2tf = None

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

        self.model_name = model if model is not None else self.model_name
        self._u2tf = U2TF.from_pretrained(self.model_name, device=self.device, dtype=self.dtype,
                                          batch_size=self.batch_size, **self.options)

    # -- processing --------------------------------------------------------------------------------------
    def __call__(self, doc: Doc) -> Doc:
        return next(iter(self.pipe([doc])))

    def pipe(self, stream: Iterable[Doc], *, batch_size: Optional[int] = None) -> Iterator[Doc]:
        for docs in minibatch(stream, size=batch_size or self.batch_size):
            results = self.u2tf.process_batch([doc.text for doc in docs])
            for doc, result in zip(docs, results):
                yield self._apply(doc, result)

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
        """Write the model folder (weights included) under ``path/model``."""
        from ..core.io import resolve_model

        path = Path(path)
        path.mkdir(parents=True, exist_ok=True)
        source = resolve_model(self.model_name)
        target = path / self.MODEL_DIR
        if source.resolve() != target.resolve():
            if target.exists():
                shutil.rmtree(target)
            shutil.copytree(source, target)

    def from_disk(self, path: Union[str, Path], *, exclude: Sequence[str] = ()) -> "U2TFComponent":
        """Use the model folder saved inside the pipeline (never the original source)."""
        self.model_name = str(Path(path) / self.MODEL_DIR)
        self._u2tf = None
        return self

    def to_bytes(self, *, exclude: Sequence[str] = ()) -> bytes:
        import io
        import tarfile

        with tempfile.TemporaryDirectory() as tmp:
            self.to_disk(tmp)
            buf = io.BytesIO()
            with tarfile.open(fileobj=buf, mode="w") as tar:
                tar.add(Path(tmp) / self.MODEL_DIR, arcname=self.MODEL_DIR)
            return buf.getvalue()

    def from_bytes(self, data: bytes, *, exclude: Sequence[str] = ()) -> "U2TFComponent":
        import io
        import tarfile

        tmp = tempfile.mkdtemp(prefix="u2tf-")
        with tarfile.open(fileobj=io.BytesIO(data)) as tar:
            tar.extractall(tmp, filter="data")
        return self.from_disk(tmp)


@Language.factory("u2tf", default_config=DEFAULT_CONFIG)
def make_u2tf(nlp: Language, name: str, model: Optional[str], mode: str, punctuation: bool, truecase: bool,
              itn: bool, batch_size: int, device: str, dtype: str) -> U2TFComponent:
    """Factory of the ``u2tf`` component (see :class:`U2TFComponent`)."""
    return U2TFComponent(nlp, name, model=model, mode=mode, punctuation=punctuation, truecase=truecase, itn=itn,
                         batch_size=batch_size, device=device, dtype=dtype)
