"""Fixed spellings the formatter writes as given, matched as whole spoken words."""
from __future__ import annotations

from pathlib import Path
from typing import Dict, List, Mapping, Optional, Sequence, Tuple, Union


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
