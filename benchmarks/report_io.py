"""Shared by the benchmark scripts: print a result and, when asked, write it as JSON."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, Optional


def emit(result: Dict[str, Any], path: Optional[Path]) -> None:
    """Print ``result`` as indented JSON and write the same to ``path`` (parents created) when given."""
    text = json.dumps(result, indent=2)
    print(text)
    if path:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(text)
