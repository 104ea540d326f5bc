"""Fixed spellings the formatter writes as given, matched as whole spoken words."""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Set, Tuple, Union

from .labels import case_label


class Lexicon:
    """Fixed spellings applied as whole words: ``{"iphone": "iPhone", "new york": "New York"}``.

    Keys match spoken words case-insensitively (multi-word keys match word sequences, longest first); the value
    replaces them verbatim, bypassing stage 2.
    """

    def __init__(self, entries: Optional[Mapping[str, str]] = None) -> None:
        self.entries: Dict[Tuple[str, ...], str] = {}
        if entries is not None and not isinstance(entries, Mapping):
            raise TypeError(f"lexicon must be a mapping of spoken words to their written form (or a Lexicon; a file: "
                            f"Lexicon.from_file), not {type(entries).__name__}")
        for key, value in (entries or {}).items():
            if not isinstance(key, str) or not isinstance(value, str):
                raise TypeError(f"lexicon entry {key!r} → {value!r}: spoken words and written form must be strings")
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

    def as_words(self) -> Dict[str, str]:
        """The entries with their spoken keys as strings (``"new york"``)."""
        return {" ".join(key): value for key, value in self.entries.items()}

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


def _listed_lines(path: Union[str, Path]) -> List[str]:
    """The entries of a list file, one a line, stripped; blank lines and ``#`` comments skipped."""
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


class MixedCaseForms:
    """Known mixed-case spellings of single spoken words (``{"youtube": "YouTube", "mcdonalds": "McDonald's"}``),
    which a model writes without asking stage 2, and acronyms always written in capitals (``{"nba": "NBA"}``),
    which take the case label ``ACRONYM``; a possessive of a known word takes its form ("youtube's" →
    "YouTube's"). A model folder may ship a table (``mixed_case_forms`` in its config)."""

    def __init__(self, forms: Optional[Mapping[str, str]] = None) -> None:
        self.forms: Dict[str, str] = {}
        for key, value in (forms or {}).items():
            if len(key.split()) != 1 or not value.strip():
                raise ValueError(f"a mixed-case form maps one spoken word to its spelling, got {key!r} → {value!r}")
            self.forms[key.lower()] = value.strip()

    def __bool__(self) -> bool:
        return bool(self.forms)

    def __len__(self) -> int:
        return len(self.forms)

    @classmethod
    def from_file(cls, path: Union[str, Path]) -> "MixedCaseForms":
        """A file of ``spoken<TAB>written`` lines (``#`` comments)."""
        return cls(Lexicon.from_file(path).as_words())

    def is_acronym(self, word: str) -> bool:
        """Whether ``word`` is a known acronym, written in capitals ("nba", "ufo's")."""
        form = self.get(word)
        return form is not None and form.removesuffix("'s").isupper()

    def get(self, word: str) -> Optional[str]:
        """The known spelling of ``word`` (or of the word its "'s" follows), ``None`` if it has none."""
        word = word.lower()
        form = self.forms.get(word)
        if form is None and word.endswith("'s"):
            base = self.forms.get(word[:-2])
            form = base + "'s" if base is not None and not base.endswith("'s") else None
        return form


class PlainWords:
    """Words that dictionaries write in lowercase or capitalized and never in capitals ("sprint", "caffeine",
    "Java"), where the tagger's ACRONYM ("SPRINT") needs more probability than elsewhere
    (``label_thresholds["case"]["ACRONYM_PLAIN"]``, see :func:`.labels.hold_plain_acronyms`); a possessive of a
    listed word is listed ("java's"). A model folder may ship a list (``plain_words`` in its config)."""

    def __init__(self, words: Optional[Iterable[str]] = None) -> None:
        self.words: Set[str] = set()
        for word in words or ():
            if not word.strip() or any(ch.isspace() for ch in word.strip()):
                raise ValueError(f"a plain word is one word, got {word!r}")
            self.words.add(word.strip().lower())

    def __bool__(self) -> bool:
        return bool(self.words)

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        word = word.lower()
        return word in self.words or (word.endswith("'s") and word[:-2] in self.words)

    @classmethod
    def from_file(cls, path: Union[str, Path]) -> "PlainWords":
        """A file of words, one a line (``#`` comments)."""
        return cls(_listed_lines(path))


class HyphenCompounds:
    """Compounds written with hyphens wherever they are used ("non-profit", "e-mail", "right-of-way"), which a
    model joins when its tagger leaves the words apart with no mark between them; a mark the tagger put there
    (a comma, a period) stands. A compound listed with capitals is a name whose parts take their case once joined
    ("Rolls-Royce", "Stratford-upon-Avon"). A model folder may ship a list (``hyphen_compounds`` in its config)."""

    def __init__(self, compounds: Optional[Iterable[str]] = None) -> None:
        self.compounds: Set[Tuple[str, ...]] = set()
        self.cases: Dict[Tuple[str, ...], Tuple[str, ...]] = {}  # a name's parts → their case labels
        for compound in compounds or ():
            parts = tuple(compound.lower().split("-"))
            if len(parts) < 2 or not all(part.strip() and not any(ch.isspace() for ch in part) for part in parts):
                raise ValueError(f"a hyphen compound is two or more words joined by hyphens, got {compound!r}")
            self.compounds.add(parts)
            if compound != compound.lower():
                self.cases[parts] = tuple(case_label(part) for part in compound.split("-"))
        self._sizes = _sizes_by_first_word(self.compounds)  # only words that start a compound are looked at
        self._name_sizes = _sizes_by_first_word(self.cases)

    def __bool__(self) -> bool:
        return bool(self.compounds)

    def __len__(self) -> int:
        return len(self.compounds)

    @classmethod
    def from_file(cls, path: Union[str, Path]) -> "HyphenCompounds":
        """A file of hyphenated compounds, one a line (``#`` comments)."""
        return cls(_listed_lines(path))

    def join(self, words: Sequence[str], punct: Sequence[str], join: str = "HYPHEN") -> List[str]:
        """``punct`` (one label after each word) with ``join`` after each word of a known compound but its last,
        the longest compound first, where no label but ``"O"`` or ``join`` stands between its words."""
        out = list(punct)
        lowered = [w.lower() for w in words]

        def fits(i: int, n: int) -> bool:
            return tuple(lowered[i:i + n]) in self.compounds and all(label in ("O", join) for label in out[i:i + n - 1])

        for i, n in _longest_first(lowered, self._sizes, fits):
            out[i:i + n - 1] = [join] * (n - 1)
        return out

    def name_cases(self, words: Sequence[str], punct: Sequence[str], case: Sequence[str],
                   join: str = "HYPHEN") -> List[str]:
        """``case`` (one label after each word) with the parts of each listed name that stands joined by ``join``
        in ``punct`` in their own case ("rolls royce" → CAPITAL CAPITAL, "stratford upon avon" → CAPITAL LOWER
        CAPITAL); a part in mixed case keeps the tagger's label."""
        out = list(case)
        lowered = [w.lower() for w in words]

        def fits(i: int, n: int) -> bool:
            return tuple(lowered[i:i + n]) in self.cases and all(label == join for label in punct[i:i + n - 1])

        for i, n in _longest_first(lowered, self._name_sizes, fits):
            labels = self.cases[tuple(lowered[i:i + n])]
            out[i:i + n] = [mine if mine != "MIXED" else theirs for mine, theirs in zip(labels, out[i:i + n])]
        return out


def _sizes_by_first_word(compounds: Iterable[Tuple[str, ...]]) -> Dict[str, Tuple[int, ...]]:
    """First word → the sizes of the compounds it starts, the largest first."""
    sizes: Dict[str, Set[int]] = {}
    for parts in compounds:
        sizes.setdefault(parts[0], set()).add(len(parts))
    return {word: tuple(sorted(n, reverse=True)) for word, n in sizes.items()}


def _longest_first(lowered: Sequence[str], sizes: Mapping[str, Tuple[int, ...]],
                   fits: Callable[[int, int], bool]) -> Iterator[Tuple[int, int]]:
    """(start, size) of each run of words that ``fits``, from left to right, the longest first at each start
    (``sizes``: the sizes a run may have after its first word); a run may start on the last word of the one
    before."""
    i = 0
    while i < len(lowered) - 1:
        for n in sizes.get(lowered[i], ()):
            if n <= len(lowered) - i and fits(i, n):
                yield i, n
                i += n - 1
                break
        else:
            i += 1
