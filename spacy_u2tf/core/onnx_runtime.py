"""Run the stage-1 tagger with ONNX Runtime on CPU (fp32, or with int8 dynamic quantization of its MatMuls).

The tagger is exported once per set of weights and cached (``$U2TF_CACHE`` or ``~/.cache/u2tf``, folder ``onnx``),
so later loads only open an ONNX Runtime session. The returned module has the tagger model's call signature
(``(input_ids, attention_mask) -> {head: logits}``), so :meth:`Tagger.predict` windowing and scoring are unchanged.
Needs the ``onnx`` extra (``onnxruntime`` and ``onnx``).
"""
from __future__ import annotations

import hashlib
import logging
import tempfile
import warnings
from pathlib import Path
from typing import Dict, Optional, Sequence, Tuple

import torch
from torch import nn

from .io import cache_root

OPSET = 17


class _HeadsAsTuple(nn.Module):
    """ONNX export needs positional outputs: the tagger's logits dict as a tuple in head order."""

    def __init__(self, model: nn.Module, heads: Sequence[str]) -> None:
        super().__init__()
        self.model, self.heads = model, tuple(heads)

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> Tuple[torch.Tensor, ...]:
        logits = self.model(input_ids, attention_mask)
        return tuple(logits[h] for h in self.heads)


def weights_key(model: nn.Module, int8: bool) -> str:
    """A digest of the weights, labels and export options: the cache entry's name."""
    import onnxruntime

    digest = hashlib.sha256(f"{OPSET}:{int8}:{onnxruntime.__version__}:{torch.__version__}".encode())
    digest.update(repr(getattr(model, "labels", "")).encode())
    for name, tensor in sorted(model.state_dict().items()):
        digest.update(name.encode())
        digest.update(tensor.detach().to("cpu", torch.float32).contiguous().numpy().tobytes())
    return digest.hexdigest()[:24]


def export_onnx(model: nn.Module, heads: Sequence[str], path: Path, int8: bool) -> Path:
    """Write ``model`` (eval mode, dynamic batch and length) as ONNX to ``path``; int8-quantize its weights if asked."""
    path.parent.mkdir(parents=True, exist_ok=True)
    wrapper = _HeadsAsTuple(model, heads).eval()  # export restores the wrapper's mode: it must be eval, not train
    ids = torch.full((2, 16), 1000, dtype=torch.long)
    mask = torch.ones_like(ids)
    mask[1, 12:] = 0
    axes = {"input_ids": {0: "batch", 1: "length"}, "attention_mask": {0: "batch", 1: "length"}}
    axes.update({h: {0: "batch", 1: "length"} for h in heads})
    with tempfile.TemporaryDirectory(dir=path.parent) as tmp:
        fp32 = Path(tmp) / "model.onnx"
        with warnings.catch_warnings(), torch.no_grad():
            warnings.simplefilter("ignore")  # tracer notes on Python control flow in transformers' mask code
            torch.onnx.export(wrapper, (ids, mask), str(fp32), input_names=["input_ids", "attention_mask"],
                              output_names=list(heads), dynamic_axes=axes, opset_version=OPSET, dynamo=False)
        target = Path(tmp) / "final.onnx"
        if int8:
            from onnxruntime.quantization import QuantType, quantize_dynamic

            root = logging.getLogger()
            level = root.level
            root.setLevel(logging.ERROR)  # onnxruntime logs a pre-processing hint on the root logger every time
            try:
                quantize_dynamic(str(fp32), str(target), weight_type=QuantType.QInt8)
            finally:
                root.setLevel(level)
        else:
            fp32.replace(target)
        target.replace(path)  # atomic: a concurrent loader sees the whole file or none
    return path


class OnnxTaggerModel:
    """An ONNX Runtime session standing in for :class:`~spacy_u2tf.core.tagger.TaggerModel` at inference."""

    def __init__(self, path: Path, labels: Dict[str, Tuple[str, ...]], threads: int) -> None:
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = max(1, threads)
        options.inter_op_num_threads = 1
        self.path = Path(path)
        self.labels = dict(labels)
        self.session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])

    def __call__(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> Dict[str, torch.Tensor]:
        outputs = self.session.run(list(self.labels), {"input_ids": input_ids.cpu().numpy(),
                                                       "attention_mask": attention_mask.cpu().numpy()})
        return {h: torch.from_numpy(o) for h, o in zip(self.labels, outputs)}

    def eval(self) -> "OnnxTaggerModel":
        return self

    def to(self, device: torch.device) -> "OnnxTaggerModel":
        if torch.device(device).type != "cpu":
            raise ValueError("the ONNX Runtime tagger runs on CPU only")
        return self


def onnx_tagger_model(model: nn.Module, *, int8: bool = True, threads: Optional[int] = None,
                      cache_dir: Optional[Path] = None) -> OnnxTaggerModel:
    """Export ``model`` (a tagger model) to ONNX, cached by its weights, and open it with ONNX Runtime."""
    try:
        import onnx  # noqa: F401  (needed by torch's exporter)
        import onnxruntime  # noqa: F401
    except ImportError as err:
        raise ImportError("the ONNX Runtime tagger needs `pip install spacy-u2tf[onnx]` "
                          "(onnxruntime and onnx)") from err
    labels = dict(model.labels)
    path = Path(cache_dir or cache_root() / "onnx") / f"tagger-{weights_key(model, int8)}{'-int8' if int8 else ''}.onnx"
    if not path.exists():
        export_onnx(model, list(labels), path, int8)
    return OnnxTaggerModel(path, labels, threads or torch.get_num_threads())
