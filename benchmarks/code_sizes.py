"""The largest modules and longest functions of the packages, in lines (blank lines and comments count).

    python benchmarks/code_sizes.py --top 5
    python benchmarks/code_sizes.py --top 5 --json /tmp/code_sizes.json

A function's size runs from its ``def`` (decorators included) to its last line; nested functions count inside the
function that holds them and are listed on their own as well.
"""
from __future__ import annotations

import argparse
import ast
from pathlib import Path
from typing import Dict, List, Tuple

from report_io import emit

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("spacy_u2tf", "nemo_adapter")


def _python_files(packages: Tuple[str, ...]) -> List[Path]:
    return sorted(path for package in packages for path in (ROOT / package).rglob("*.py"))


def _functions(tree: ast.AST) -> List[Tuple[str, int]]:
    """(qualified name, lines) for every function and method in ``tree``."""
    found: List[Tuple[str, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = min([child.lineno] + [d.lineno for d in child.decorator_list])
                found.append((prefix + child.name, child.end_lineno - first + 1))
                visit(child, prefix + child.name + ".")
            elif isinstance(child, ast.ClassDef):
                visit(child, prefix + child.name + ".")
            else:
                visit(child, prefix)

    visit(tree, "")
    return found


def measure(packages: Tuple[str, ...] = PACKAGES, top: int = 5) -> Dict[str, object]:
    """The ``top`` largest modules and longest functions of ``packages``."""
    modules: List[Tuple[str, int]] = []
    functions: List[Tuple[str, int]] = []
    for path in _python_files(packages):
        source = path.read_text()
        relative = str(path.relative_to(ROOT))
        modules.append((relative, len(source.splitlines())))
        functions.extend((f"{relative}:{name}", size) for name, size in _functions(ast.parse(source)))
    modules.sort(key=lambda item: -item[1])
    functions.sort(key=lambda item: -item[1])
    return {
        "modules": len(modules),
        "functions": len(functions),
        "largest_modules": [{"module": name, "lines": size} for name, size in modules[:top]],
        "longest_functions": [{"function": name, "lines": size} for name, size in functions[:top]],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=5)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    emit(measure(top=args.top), args.json)


if __name__ == "__main__":
    main()
