"""Model folders: where the default model lives and how a path or name resolves to a local folder.

A model folder holds ``config.json`` (``{"u2tf": 1, "tagger": "tagger", "converter": "converter", ...}``), the
stage-1 folder, the stage-2 folder (optional: without it ITN spans keep their spoken words) and ``MODEL_CARD.md``.
Nothing here downloads on its own.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Dict, Optional, Union

DEFAULT_MODEL = "u2tf-default"
FAST_MODEL = "u2tf-fast"  # a 2-layer, narrower tagger: faster than the default, less accurate (its card)
PACKAGED_MODELS = (DEFAULT_MODEL, FAST_MODEL)
FORMAT_VERSION = 1


def cache_root() -> Path:
    """Where u2tf caches what it builds (NeMo grammars, ONNX exports): ``$U2TF_CACHE`` or ``~/.cache/u2tf``."""
    return Path(os.environ.get("U2TF_CACHE") or Path.home() / ".cache" / "u2tf")


def assets_dir() -> Path:
    return Path(__file__).resolve().parent.parent / "assets"


def packaged_model_path(name: str = DEFAULT_MODEL) -> Path:
    """Where a model shipped inside the package lives (``spacy_u2tf/assets/<name>``, one of ``PACKAGED_MODELS``)."""
    return assets_dir() / name


def default_model_path() -> Path:
    """The model shipped inside the package (``spacy_u2tf/assets/u2tf-default``)."""
    return packaged_model_path(DEFAULT_MODEL)


def resolve_model(path_or_name: Union[str, Path, None] = None, *, allow_download: bool = False) -> Path:
    """A local model folder for ``path_or_name``.

    ``None`` or ``"u2tf-default"``: the shipped default model; ``"u2tf-fast"``: the shipped fast model. An existing
    folder: itself. Otherwise a hub id, looked up in the local Hugging Face cache; it is fetched from the hub only
    with ``allow_download=True``.
    """
    if path_or_name is None or str(path_or_name) in PACKAGED_MODELS:
        name = str(path_or_name or DEFAULT_MODEL)
        path = packaged_model_path(name)
        if not (path / "config.json").exists():
            raise FileNotFoundError(f"the packaged model {name} is missing from {path}; reinstall spacy-u2tf or "
                                    "pass a model folder")
        return path
    path = Path(os.path.expanduser(str(path_or_name)))
    if path.is_dir():
        if not (path / "config.json").exists():
            raise FileNotFoundError(f"{path} is not a u2tf model folder (no config.json)")
        return path
    if path.exists() or "/" not in str(path_or_name) or str(path_or_name).startswith((".", "/", "~")):
        raise FileNotFoundError(f"no u2tf model folder at {path_or_name!r}")
    try:
        from huggingface_hub import snapshot_download
    except ImportError as err:
        raise FileNotFoundError(f"{path_or_name!r} is not a local folder, and huggingface_hub is not installed "
                                "to look it up as a hub id") from err
    try:
        return Path(snapshot_download(str(path_or_name), local_files_only=not allow_download))
    except Exception as err:  # the hub library raises several types for "not cached" / offline
        hint = "" if allow_download else " (not in the local cache; pass allow_download=True to fetch it)"
        raise FileNotFoundError(f"could not resolve model {path_or_name!r}{hint}: {err}") from err


def read_config(folder: Path) -> Dict[str, Any]:
    config = json.loads((Path(folder) / "config.json").read_text())
    if config.get("u2tf") != FORMAT_VERSION:
        raise ValueError(f"{folder}/config.json is not a u2tf model config (format {config.get('u2tf')!r})")
    return config


def write_config(folder: Path, *, tagger: str = "tagger", converter: Optional[str] = "converter",
                 **extra: Any) -> None:
    config = {"u2tf": FORMAT_VERSION, "tagger": tagger, "converter": converter, **extra}
    Path(folder).mkdir(parents=True, exist_ok=True)
    (Path(folder) / "config.json").write_text(json.dumps(config, indent=2))
