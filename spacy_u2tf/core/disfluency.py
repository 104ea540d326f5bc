"""Disfluency removal: which spoken words a mode drops, and fluent results mapped back onto the spoken words.

Removal takes two tagger passes: the first labels fillers and reparanda, the words the mode drops are removed,
and the second labels the cleaned words, so punctuation, case and ITN are decided on the cleaned sentence. A
result keeps the original spoken words; each dropped word gets an alignment group of its own with no written
words and the class :data:`DISFLUENCY_CLASS`.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Dict, FrozenSet, List, Mapping, Optional, Sequence

from .assemble import AlignmentGroup
from .labels import DISFLUENCY_MODES, HEADS

DISFL_HEAD = "disfl"
DISFLUENCY_CLASS = "disfluency"
DROPPED_LABELS: Dict[str, FrozenSet[str]] = {
    "keep": frozenset(), "fillers": frozenset({"FILLER"}), "all": frozenset({"FILLER", "REPARANDUM"}),
}

Labels = Mapping[str, Any]


def has_disfluency_head(tagger: Any) -> bool:
    """Whether ``tagger`` labels disfluencies (a model trained with the disfluency head)."""
    return DISFL_HEAD in (getattr(tagger, "labels", None) or {})


def check_disfluency_mode(mode: str, tagger: Any = None) -> None:
    """``ValueError`` unless ``mode`` is a known mode and, given a ``tagger``, one that tagger can serve."""
    if mode not in DISFLUENCY_MODES:
        raise ValueError(f"disfluencies must be one of {DISFLUENCY_MODES}, got {mode!r}")
    if tagger is not None and mode != "keep" and not has_disfluency_head(tagger):
        raise ValueError(f"disfluencies={mode!r}: this model has no disfluency head (only 'keep' works with it)")


def kept_words(marks: Optional[Sequence[str]], mode: str) -> Optional[List[int]]:
    """Indices of the words ``mode`` keeps given their disfluency labels; ``None`` when it keeps them all."""
    drop = DROPPED_LABELS[mode]
    if not drop or not marks or not drop.intersection(marks):
        return None
    return [i for i, mark in enumerate(marks) if mark not in drop]


def finish_disfluent(docs: Sequence[List[str]], labels: Sequence[Labels], mode: str,
                     relabel: Callable[[List[List[str]]], List[Labels]],
                     finish: Callable[[List[List[str]], List[Labels], Optional[List[Mapping[int, Any]]]], List[Any]],
                     by_word: Optional[Sequence[Mapping[int, Any]]] = None) -> List[Any]:
    """Results for the tagged ``docs`` with the words ``mode`` drops removed.

    ``relabel`` tags word lists (the second pass, run only on documents that lost words); ``finish`` turns word
    lists, their labels and ``by_word`` (per document, values keyed by word index, re-keyed here to the kept
    words) into results (``Result``-like dataclasses). Each result carries its document's first-pass
    disfluency labels in ``disfl`` (empty when the tagger has no disfluency head).
    """
    keeps = [kept_words(lab.get(DISFL_HEAD), mode) for lab in labels]
    fluent_docs = [words if keep is None else [words[i] for i in keep] for words, keep in zip(docs, keeps)]
    fluent_labels = list(labels)
    again = [d for d, keep in enumerate(keeps) if keep]  # an emptied document needs no tagging
    for d, lab in zip(again, relabel([fluent_docs[d] for d in again]) if again else ()):
        fluent_labels[d] = lab
    for d, keep in enumerate(keeps):
        if keep == []:
            fluent_labels[d] = {h: [] for h in HEADS}
    fluent_by_word = None
    if by_word is not None:
        fluent_by_word = [values if keep is None else
                          {new: values[old] for new, old in enumerate(keep) if old in values}
                          for values, keep in zip(by_word, keeps)]
    results = finish(fluent_docs, fluent_labels, fluent_by_word)
    return [restore(result, words, lab.get(DISFL_HEAD), keep)
            for result, words, lab, keep in zip(results, docs, labels, keeps)]


def restore(result: Any, spoken: Sequence[str], marks: Optional[Sequence[str]], keep: Optional[List[int]]) -> Any:
    """``result`` (made from the words ``keep`` of ``spoken``, or from all of them when ``None``) mapped back
    onto ``spoken``: dropped words get neutral labels and an alignment group with no written words.

    A converted span keeps the words it was made from, so one that closes over a dropped word ("twenty um five")
    reaches from its first to its last word and its group's spoken indices skip the dropped one."""
    if marks is None:
        return result
    if keep is None:
        return replace(result, disfl=list(marks))
    n = len(spoken)

    def spread(values: Sequence[str], neutral: str) -> List[str]:
        out = [neutral] * n
        for k, value in zip(keep, values):
            out[k] = value
        return out

    dropped = sorted(set(range(n)).difference(keep))
    groups = [AlignmentGroup(tuple(keep[s] for s in g.source), g.target, g.cls, g.fallback) for g in result.groups]
    groups += [AlignmentGroup((i,), (), DISFLUENCY_CLASS) for i in dropped]
    groups.sort(key=lambda g: g.source[0])
    spans = [replace(s, start=keep[s.start], end=keep[s.end - 1] + 1) for s in result.spans]
    return replace(result, spoken=list(spoken), punct=spread(result.punct, "O"), case=spread(result.case, "LOWER"),
                   itn=spread(result.itn, "O"), spans=spans, groups=groups, disfl=list(marks))
