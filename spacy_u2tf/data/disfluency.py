"""Disfluent spoken input for the tagger's disfluency head: fillers, repetitions and false starts.

Two sources of labels:

* real fillers that a transcript already writes ("Um, I think", meeting speech) are labeled ``FILLER`` and keep
  their punctuation and case labels, so verbatim output ("keep") still writes them as the transcript did;
* generated disfluencies are inserted into the spoken side only, after the generation scheme of LARD (Passali et
  al., 2022: repetitions, replacements and restarts) plus fillers, alone or as an editing term between a
  reparandum and its repair ("we should uh we should go"): the written side stays fluent. Inserted words
  carry :data:`UNLABELED` for punctuation, case and ITN (no target: the model learns their punctuation and case
  nowhere), so removing them gives back the fluent example exactly — the round trip that ``u2tf data`` checks.
"""
from __future__ import annotations

import random
from typing import List, Optional, Sequence, Tuple

from ..core.labels import JOIN, SENTENCE_END
from .example import Example, SpanPair

UNLABELED = "-"  # a label with no training target (words inserted into the spoken side only)

# Words that transcripts write as fillers; as spoken words they are always hesitations.
REAL_FILLERS = frozenset({"um", "uh", "er", "erm", "uhm", "hmm", "mm", "ah", "eh"})
# Inserted fillers and their relative frequency (single hesitations dominate conversational speech).
INSERTED_FILLERS: Tuple[Tuple[Tuple[str, ...], float], ...] = (
    (("um",), 0.30), (("uh",), 0.30), (("er",), 0.05), (("hmm",), 0.04), (("you", "know"), 0.10),
    (("i", "mean"), 0.08), (("like",), 0.08), (("uh", "um"), 0.02), (("um", "you", "know"), 0.03),
)
# Event kinds and their shares: a filler, a repetition of 1-3 words, a replacement (a reparandum that differs from
# its repair in one word) and a restart (an abandoned start of 1-4 words).
EVENTS: Tuple[Tuple[str, float], ...] = (("filler", 0.5), ("repetition", 0.3), ("replacement", 0.1),
                                         ("restart", 0.1))
# Share of repairs with an editing term between the reparandum and the repair ("we should uh we should go"):
# speakers often mark a repair this way (Levelt, 1983; Shriberg, 1994). The term is a filler of the inventory above.
INTERREGNUM_RATE = 0.2


# A speaker who replaces a word reaches for another word of its class ("the red the blue car", "to boston to
# denver"): slips and repairs keep the grammatical category of the word they replace (Garrett, 1975). Closed classes
# are listed; open-class words are matched by their inflectional ending.
WORD_CLASSES: Tuple[frozenset, ...] = (
    frozenset({"the", "a", "an", "this", "that", "these", "those", "my", "your", "his", "her", "our", "their", "its",
               "some", "any", "no", "every", "each"}),
    frozenset({"in", "on", "at", "to", "from", "with", "for", "of", "by", "about", "into", "over", "under", "after",
               "before", "through", "around"}),
    frozenset({"i", "you", "he", "she", "we", "they", "it", "me", "him", "them", "us"}),
    frozenset({"and", "but", "or", "so", "because", "if", "when", "then"}),
    frozenset({"is", "are", "was", "were", "be", "been", "have", "has", "do", "does", "did", "will", "would", "can",
               "could", "should", "might", "must"}),
)
OPEN_CLASS_ENDINGS = ("ing", "ed", "ly", "s")

# Words a speaker may say twice on purpose ("had had", "that that"): a one-word repeat of them is not a repair.
GRAMMATICAL_REPEATS = frozenset({"had", "that", "is", "do"})


def label_real_fillers(ex: Example) -> Example:
    """Give ``ex`` its disfluency labels: ``FILLER`` on the fillers its text already has, ``REPARANDUM`` on the
    first copy of words its text says twice in a row ("i i think", "we should we should go": transcripts keep
    them), ``O`` elsewhere."""
    ex.disfl = ["FILLER" if w in REAL_FILLERS and itn == "O" else "O" for w, itn in zip(ex.spoken, ex.itn)]
    for start, end in _real_repeats(ex):
        ex.disfl[start:end] = ["REPARANDUM"] * (end - start)
    return ex


def _real_repeats(ex: Example, longest: int = 3) -> List[Tuple[int, int]]:
    """``[start, end)`` of each first copy of 1-3 words said again right after it, within a clause and outside
    ITN spans and fillers; the last copy is the repair and stays."""
    words, n = ex.spoken, len(ex.spoken)
    out: List[Tuple[int, int]] = []
    i = 0
    while i < n:
        for k in range(longest, 0, -1):
            copy = range(i, i + 2 * k)
            if (i + 2 * k <= n and words[i:i + k] == words[i + k:i + 2 * k]
                    and all(ex.itn[j] == "O" and words[j] not in REAL_FILLERS for j in copy)
                    and all(ex.punct[j] in ("O", "COMMA") for j in range(i, i + k))
                    and not (k == 1 and words[i] in GRAMMATICAL_REPEATS)):
                out.append((i, i + k))
                i += k
                break
        else:
            i += 1
    return out


def _pick(rng: random.Random, table: Sequence[Tuple[object, float]]):
    return rng.choices([item for item, _ in table], weights=[w for _, w in table])[0]


def _free(ex: Example, i: int) -> bool:
    """True where a disfluency may go before word ``i``: not inside an ITN span (a number stays whole) nor inside
    a hyphenated compound."""
    return i == len(ex.spoken) or (ex.itn[i] != "I" and (i == 0 or ex.punct[i - 1] != JOIN))


def _reparandum(ex: Example, i: int, kind: str, rng: random.Random) -> Optional[List[str]]:
    """Words a speaker says and then repairs with the words starting at ``i``; ``None`` where none fits."""
    n = len(ex.spoken)
    k = rng.choice((1, 1, 1, 2, 2, 3))
    if i + k > n or any(ex.itn[j] != "O" or ex.case[j] == "MIXED" for j in range(i, i + k)):
        return None
    if any(ex.punct[j] not in ("O", JOIN) for j in range(i, i + k - 1)) or ex.punct[i + k - 1] == JOIN:
        # no repeats across a clause boundary, none that ends inside a compound
        return None
    words = list(ex.spoken[i:i + k])
    if kind == "repetition":
        return words
    vocab = [w for w, c, t in zip(ex.spoken, ex.case, ex.itn) if t == "O" and c != "MIXED" and w not in words]
    if not vocab:
        return None
    if kind == "replacement":
        j = rng.randrange(k)
        words[j] = _substitute(words[j], vocab, rng)
        return words
    # restart: the start of the repair, then words the speaker abandons; the first stands where the repair goes on
    keep = rng.randint(1, k)
    abandoned = [_substitute(ex.spoken[i + keep], vocab, rng) if i + keep < n else rng.choice(vocab)]
    return words[:keep] + abandoned + [rng.choice(vocab) for _ in range(rng.randint(0, 1))]


def word_class(word: str) -> int:
    """Index of ``word``'s closed class in :data:`WORD_CLASSES`, else ``len(WORD_CLASSES)`` + the index of its
    ending in :data:`OPEN_CLASS_ENDINGS` (one more for open-class words with none of them)."""
    for c, members in enumerate(WORD_CLASSES):
        if word in members:
            return c
    endings = [e for e in OPEN_CLASS_ENDINGS if word.endswith(e) and len(word) > len(e) + 2]
    return len(WORD_CLASSES) + (OPEN_CLASS_ENDINGS.index(endings[0]) if endings else len(OPEN_CLASS_ENDINGS))


def _substitute(word: str, vocab: Sequence[str], rng: random.Random) -> str:
    """A word said in place of ``word``: another word of its class from the document (``vocab``), else from the
    closed class's own list, else (open class) another open-class word of the document; any document word when
    none of these has one."""
    c, closed = word_class(word), len(WORD_CLASSES)
    same = [w for w in vocab if w != word and word_class(w) == c]
    if not same:
        same = sorted(WORD_CLASSES[c] - {word}) if c < closed else [w for w in vocab if word_class(w) >= closed]
    return rng.choice(same or list(vocab))


def _filler(rng: random.Random) -> Tuple[List[str], List[str]]:
    """An inserted filler of :data:`INSERTED_FILLERS` and its labels."""
    words = list(_pick(rng, INSERTED_FILLERS))
    return words, ["FILLER"] * len(words)


def add_disfluencies(ex: Example, rng: random.Random, rate: float = 0.05) -> Example:
    """A copy of ``ex`` (labeled with :func:`label_real_fillers`) with disfluencies inserted before about
    ``rate`` of its words; span pairs move with their words."""
    if ex.disfl is None:
        label_real_fillers(ex)
    n = len(ex.spoken)
    inserts: List[Tuple[int, List[str], List[str]]] = []  # (before word i, words, their labels)
    for i in range(n):
        starts_sentence = i == 0 or ex.punct[i - 1] in SENTENCE_END
        if not _free(ex, i) or rng.random() >= rate * (2.0 if starts_sentence else 1.0):
            continue
        kind = _pick(rng, EVENTS)
        if kind == "filler":
            inserts.append((i, *_filler(rng)))
            continue
        words = _reparandum(ex, i, kind, rng)
        if words:
            labels = ["REPARANDUM"] * len(words)
            if rng.random() < INTERREGNUM_RATE:
                term, term_labels = _filler(rng)
                words, labels = words + term, labels + term_labels
            inserts.append((i, words, labels))
    if not inserts:
        return ex
    spoken: List[str] = []
    punct: List[str] = []
    case: List[str] = []
    itn: List[str] = []
    disfl: List[str] = []
    new_index = [0] * (n + 1)
    k = 0
    for i in range(n + 1):
        while k < len(inserts) and inserts[k][0] == i:
            _, words, labels = inserts[k]
            spoken.extend(words)
            for lst in (punct, case, itn):
                lst.extend([UNLABELED] * len(words))
            disfl.extend(labels)
            k += 1
        new_index[i] = len(spoken)
        if i < n:
            spoken.append(ex.spoken[i])
            punct.append(ex.punct[i])
            case.append(ex.case[i])
            itn.append(ex.itn[i])
            disfl.append(ex.disfl[i])  # type: ignore[index]
    spans = [SpanPair(new_index[s.start], new_index[s.end - 1] + 1, s.cls, s.written) for s in ex.spans]
    return Example(ex.written, spoken, punct, case, itn, spans, ex.source, disfl)


def fluent(ex: Example) -> Example:
    """``ex`` without its inserted words (those with :data:`UNLABELED` labels): the example it was made from,
    apart from the labels of real fillers."""
    keep = [i for i, p in enumerate(ex.punct) if p != UNLABELED]
    if len(keep) == len(ex.spoken):
        return ex
    index = {old: new for new, old in enumerate(keep)}
    spans = [SpanPair(index[s.start], index[s.end - 1] + 1, s.cls, s.written) for s in ex.spans]
    pick = lambda seq: [seq[i] for i in keep]  # noqa: E731
    return Example(ex.written, pick(ex.spoken), pick(ex.punct), pick(ex.case), pick(ex.itn), spans, ex.source,
                   pick(ex.disfl) if ex.disfl is not None else None)
