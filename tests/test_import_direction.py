"""Inference code never imports the training side: core, pipeline and the NeMo adapter import nothing from
``spacy_u2tf.data``, ``spacy_u2tf.training`` or ``spacy_u2tf.evaluation``, and core imports neither spaCy nor NeMo
(read from every module's syntax tree, imports inside functions included)."""
from __future__ import annotations

import ast
from pathlib import Path
from typing import Iterator, Tuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
INFERENCE = [ROOT / "spacy_u2tf" / "core", ROOT / "spacy_u2tf" / "pipeline", ROOT / "nemo_adapter"]
FORBIDDEN = ("spacy_u2tf.data", "spacy_u2tf.training", "spacy_u2tf.evaluation")
FRAMEWORKS = ("spacy", "nemo", "nemo_text_processing")  # top-level packages the core never imports


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> Iterator[Tuple[int, str]]:
    """``(line, absolute module name)`` of every import in ``path``, relative ones resolved."""
    package = _module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            yield node.lineno, module
            for alias in node.names:  # "from .. import data" imports the package spacy_u2tf.data
                yield node.lineno, f"{module}.{alias.name}"


MODULES = sorted(p for folder in INFERENCE for p in folder.rglob("*.py"))


def test_relative_imports_resolve() -> None:
    here = ROOT / "spacy_u2tf" / "core" / "api.py"
    names = {name for _, name in _imports(here)}
    assert "spacy_u2tf.core.assemble" in names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_inference_imports_nothing_from_the_training_side(path: Path) -> None:
    bad = [(line, name) for line, name in _imports(path)
           if any(name == f or name.startswith(f + ".") for f in FORBIDDEN)]
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_every_inference_package_is_checked() -> None:
    for folder in INFERENCE:
        assert any(folder in p.parents for p in MODULES), f"no modules found under {folder}"


def test_the_check_sees_a_training_side_import() -> None:
    names = {name for _, name in _imports(ROOT / "spacy_u2tf" / "cli" / "data.py")}
    assert "spacy_u2tf.data.pipeline" in names


@pytest.mark.parametrize("path", [p for p in MODULES if INFERENCE[0] in p.parents],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_core_imports_neither_spacy_nor_nemo(path: Path) -> None:
    bad = [(line, name) for line, name in _imports(path) if name.split(".")[0] in FRAMEWORKS]
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"
