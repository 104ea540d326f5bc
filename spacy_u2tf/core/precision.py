"""The tagger's precision / runtime (``dtype``): the names accepted, their one check, the CPU feature probe that
``"auto"`` reads, and applying a choice to a loaded tagger."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Optional

DTYPES = ("fp32", "bf16", "int8", "onnx", "onnx-int8", "auto")  # tagger precision / runtime, see check_dtype
# auto by default (bf16 only where the hardware computes it): the dev figures hold. Under bf16 a transcript's labels
# can change with the other transcripts of its batch (padding changes the rounding); fp32 text is batch-independent.
DEFAULT_DTYPE = "auto"
# Other spellings accepted everywhere a dtype is (torch's names, and None for the reference fp32).
DTYPE_ALIASES = {None: "fp32", "float32": "fp32", "bfloat16": "bf16"}


def check_dtype(dtype: Optional[str]) -> str:
    """The name in :data:`DTYPES` that ``dtype`` means (an alias in :data:`DTYPE_ALIASES` becomes its name);
    a ``ValueError`` for anything else.

    ``"fp32"``; ``"bf16"`` (bf16 autocast for the tagger: faster on CPUs with AVX-512 bf16 and on GPUs);
    ``"int8"`` (the tagger's Linear layers as dynamic int8; CPU only); ``"onnx"`` / ``"onnx-int8"`` (the tagger in
    ONNX Runtime, fp32 or int8; CPU only, extra ``onnx``); ``"auto"``: bf16 where the hardware computes it natively
    (CUDA with bf16, CPUs with AVX-512 BF16 or AMX), else fp32 (on other CPUs bf16 is emulated and much slower).
    """
    if isinstance(dtype, str) and dtype in DTYPES:
        return dtype
    if (dtype is None or isinstance(dtype, str)) and dtype in DTYPE_ALIASES:
        return DTYPE_ALIASES[dtype]
    raise ValueError(f"dtype must be one of {', '.join(map(repr, DTYPES))} (or 'float32', 'bfloat16', None), "
                     f"got {dtype!r}")


def native_bf16(device: str = "cpu", cpuinfo: str = "/proc/cpuinfo") -> bool:
    """Whether ``device`` computes bf16 natively: a CUDA GPU that supports it, or a CPU with AVX-512 BF16 or AMX
    (read from ``cpuinfo`` flags; False where that file is missing, e.g. outside Linux)."""
    if str(device).startswith("cuda"):
        import torch

        if not torch.cuda.is_available():
            return False
        try:  # without including_emulation=False, a GPU that only emulates bf16 (before Ampere) counts too
            return bool(torch.cuda.is_bf16_supported(including_emulation=False))
        except TypeError:  # a torch without that argument counts native support only
            return bool(torch.cuda.is_bf16_supported())
    try:
        flags = Path(cpuinfo).read_text(errors="replace")
    except OSError:
        return False
    return bool(re.search(r"\b(avx512_bf16|amx_bf16)\b", flags))


def apply_dtype(tagger: Any, dtype: Optional[str], device: str = "cpu") -> str:
    """Run ``tagger`` in precision ``dtype`` (checked by :func:`check_dtype`; ``"auto"`` decided for ``device``);
    returns the name applied."""
    dtype = check_dtype(dtype)
    if dtype == "auto":
        dtype = "bf16" if native_bf16(device) else "fp32"
    if dtype == "bf16":
        tagger.autocast = True
    elif dtype == "int8":
        tagger.quantize_int8()
    elif dtype in ("onnx", "onnx-int8"):
        tagger.use_onnx_runtime(int8=dtype == "onnx-int8")
    return dtype
