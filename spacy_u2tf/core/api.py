"""The framework-free API: :class:`U2TF` formats spoken-form transcripts with the two-stage model."""
from __future__ import annotations

import numbers
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import (TYPE_CHECKING, AbstractSet, Any, Callable, Collection, Dict, Iterable, Iterator, List, Mapping,
                    Optional, Sequence, Set, Tuple, Union)

from .assemble import AlignmentGroup, SpanRewrite, assemble, kept_groups, sentence_starts
from .disfluency import check_disfluency_mode, finish_disfluent
from .forms_of_address import address_case
from .guards import AMOUNT_WITH_CENTS, SCALE_NAMES, SUBUNIT_WORDS, SYMBOL_WORDS
from .guard_stats import CLASS_DISABLED, GuardStats
from .labels import (CONTEXT_KEYS, HEADS, JOIN, MIXED_CLASS, SENTENCE_END, address_at_cut, bio_spans, born_joins,
                     case_label, close_last_sentence, combining_form_joins, joined_letters, led_verb, loose_edge_joins,
                     out_of_span, plural_acronym, ranked_superlative_joins, rejected_mixed_case, scale_names,
                     split_context_thresholds, superlative_joins, thresholded_labels, to_compound_joins,
                     vessel_class_joins, whole_fraction_joins)
from .lexicon import HyphenCompounds, Lexicon, MixedCaseForms, PlainWords
from .misread_forms import (clock_durations, counted_compounds, glued_ordinals, lap_times, legislation_numbers,
                            measured_fraction_joins, measured_fractions, mid_joins, per_second_units, second_compounds,
                            slashed_pairs, thousands_decade)
from .nationality_compounds import nationality_joins
from .number_readings import (PoundsInText, pounds_in_text, read_in_context, said_age, said_code, said_digit_string,
                              said_identifier_groups, said_letter_number, said_letters, said_measure, said_money,
                              said_plain_decimal, said_prefixed_dollars, said_uk_phone_numbers, spelled_reference,
                              unnamed_amount)
from .number_spans import (KINDS, acronym_names_number, code_letters, complete_number_spans, flight_code_start,
                           identifier_before, labels_a_number, leads_number, narrower_spans, number_pair,
                           number_phrases, ordinals_after_letters, said_decimals, said_flight_number, said_months,
                           years_then_numbers)
from .ordinal_style import unit_ordinals
from .precision import DEFAULT_DTYPE, DTYPES, apply_dtype, check_dtype, native_bf16
from .question_tails import question_tails
from .regnal_numbers import close_regnal_name, regnal_numbers
from .said_addresses import said_address, said_ip_address, uk_postcodes
from .short_forms import (counted_acronyms, courtesy_titles, name_suffixes, nameless_title, said_as_plural,
                          short_form_labels, short_titles, slashed_words, written_short_forms)
from .spans import DEFAULT_CONTEXT, span_input
from .written_class import classify_written
from .written_input import (WRITTEN_CLASS, WRITTEN_INPUT_MODES, TypedMark, all_capitals, kept_punct, looks_written,
                            spoken_form, typed_case, typed_marks, typed_tokens)

if TYPE_CHECKING:
    from .stream import Stream
    from .timing import TimedResult

LEXICON_CLASS = "lexicon"
KNOWN_FORM = "known"  # a word of the model's mixed-case forms table
UNIT_ORDINAL = "unit ordinal"  # the ordinal of a military unit's name, "2nd Infantry Division"
REGNAL = "regnal"  # a monarch's or pope's number, "Elizabeth II"
MISREAD_FORM = "misread form"  # a normalizer's odd reading of "18th-century" or "24/7", written back
SHORT_FORM = "short form"  # a short form said in words, "Amendment No. 12", "the Rt Hon. Member", "R&D"
POSTCODE = "postcode"  # a UK postcode said in words, "LS6 2QT"
_ACRONYM_PLURAL = re.compile(r"[A-Z]{2,}(?:s|'s)")  # "CPUs": the plural of an acronym
PLAIN_NOT_MIXED = "mixed: a plain word"  # why a mixed-case form of a word the plain words list has falls back
# spans written as given, never sent to stage 2
VERBATIM_KINDS = (LEXICON_CLASS, WRITTEN_CLASS, KNOWN_FORM, UNIT_ORDINAL, REGNAL, MISREAD_FORM, SHORT_FORM, POSTCODE)


@dataclass
class ConvertedSpan:
    """A span stage 1 marked and what became of it.

    ``written`` is the text that went into the output (``None`` when the span fell back to its spoken words);
    ``reason`` says why it fell back (a guard's reason, ``"no converter"``, ``"class disabled"``).
    """

    start: int
    end: int
    kind: str  # "itn", "mixed", "known" (a known mixed-case form), "lexicon", "written" (a written token kept) or
    # "unit ordinal" (the ordinal of a military unit's name)
    spoken: str
    written: Optional[str]
    cls: str = ""
    reason: Optional[str] = None


def _span_over(span: ConvertedSpan, words: Sequence[str], start: int, end: int, written: str) -> ConvertedSpan:
    """``span`` grown over ``words[start:end]`` and written as ``written``, its class read from the writing."""
    return replace(span, start=start, end=end, spoken=" ".join(words[start:end]), written=written,
                   cls=classify_written(written))


def _join_leading_letters(words: Sequence[str], punct: List[str], case: Sequence[str], itn: List[str],
                          spans: List[ConvertedSpan], typed: Collection[int] = (),
                          known_acronym: Callable[[str], bool] = lambda word: False) -> None:
    """Write a letter said before a number converted to plain digits as one name with it ("vitamin b twelve" is
    vitamin B12, not "vitamin B, 12"; :func:`.number_spans.leads_number`), and the letters of a reference code
    with its number after a hyphen ("case number ra fifty five thousand one hundred seven" is RA-55107;
    :func:`.number_spans.code_letters`), and an airline's code in capitals before its flight number ("flight s w
    one thousand two hundred ninety" is SW 1290, as DialogSum writes "flight BA 7101";
    :func:`.number_spans.airline_code_start`), and an acronym with the small number that names it ("hs two" is HS2;
    :func:`.number_spans.acronym_names_number`) unless it is a ``known_acronym``, a word of its own ("SPF 30"),
    changing the lists in place. The letters may stand alone or in a span of their own, but not before a mark typed
    after them (``typed``: their indices)."""
    by_start = {span.start: k for k, span in enumerate(spans)}
    for k in range(len(spans) - 1, -1, -1):
        span, letter = spans[k], spans[k].start - 1
        if span.kind != "itn" or span.written is None or letter in typed:
            continue
        code = flight_code_start(words, span.start, span.end)
        flight = said_flight_number(words, min(code, span.start), span.end) if code is not None else None
        if flight is not None and code >= span.start:  # the code inside the span: "b a two thousand ... one"
            spans[k] = _span_over(span, words, span.start, span.end, flight)
            continue
        if (flight is not None and not any(i in typed for i in range(code, span.start))
                and all(s.kind == "itn" and code <= s.start for s in spans[:k] if s.end > code)):
            inside = [j for j in range(k) if spans[j].end > code]
            spans[k] = _span_over(span, words, code, span.end, flight)
            for j in reversed(inside):
                del spans[j]
            for i in range(code, span.start):
                punct[i] = "O"
            itn[code:span.end] = ["B"] + ["I"] * (span.end - code - 1)
            by_start = {s.start: j for j, s in enumerate(spans)}
            continue
        digits = span.written.replace(",", "") if _PLAIN_NUMBER.fullmatch(span.written) else ""
        if span.written.isdigit() and leads_number(words, letter, case, punct):
            written = words[letter].upper() + span.written
        elif (span.written.isdigit() and len(span.written) <= 2 and letter >= 0 and not known_acronym(words[letter])
              and acronym_names_number(words, letter, span.end, case, punct)):
            written = words[letter].upper() + span.written  # HS2, CO2; a known acronym is a word: "SPF 30"
        elif digits and code_letters(words, letter, case, punct):
            written = f"{words[letter].upper()}-{digits}"  # a case or ticket number: RA-55107
        else:
            continue
        own = by_start.get(letter)
        if own is None and any(s.start <= letter < s.end for s in spans):
            continue
        if own is not None and (spans[own].kind != "itn" or spans[own].end != span.start):
            continue
        spans[k] = _span_over(span, words, letter, span.end, written)
        if own is not None:
            del spans[own]
        punct[letter] = "O"
        itn[letter], itn[span.start] = "B", "I"


def _untaken_runs(taken: Sequence[bool], start: int, end: int, cuts: Sequence[int] = ()) -> List[Tuple[int, int]]:
    """``[start, end)`` of each run of words in ``[start, end)`` that ``taken`` leaves free: the parts of a tagger's
    span around what a rule wrote ("the u s twenty fourth infantry": the unit's ordinal is the rule's, "u s" a span
    of its own). A run also ends before each index of ``cuts``."""
    runs: List[Tuple[int, int]] = []
    for i in range(start, end):
        if taken[i]:
            continue
        if runs and runs[-1][1] == i and i not in cuts:
            runs[-1] = (runs[-1][0], i + 1)
        else:
            runs.append((i, i + 1))
    return runs


def _scale_of_typed_number(words: Sequence[str], kept: Mapping[int, str], start: int, end: int) -> bool:
    """Whether ``words[start:end]`` are only scale words after a number typed in digits and kept as typed ("$5
    billion"): written already, they are no span of their own ("$5 Billion")."""
    return (start - 1 in kept and any(ch.isdigit() for ch in kept[start - 1])
            and all(w.lower() in SCALE_NAMES for w in words[start:end]))


def _cents_of_amount(written: str, left_out: Sequence[str]) -> bool:
    """Whether a narrower span's writing, an amount with its hundredths ("£124.99"), already says the word of
    hundredths that narrowing left out of it ("pence", "cents")."""
    return (len(left_out) == 1 and left_out[0].lower() in SUBUNIT_WORDS
            and re.fullmatch(AMOUNT_WITH_CENTS, written.strip()) is not None)


def _plain_leftover(words: Sequence[str], spans: Sequence[ConvertedSpan], start: int, end: int) -> bool:
    """Whether ``words[start:end]``, the part of a tagger's span after a compound a rule wrote ("a two-way" |
    "street"), holds only plain words: no number, letter or word said for a symbol ("street" is no "St." there)."""
    after_compound = any(s.end == start and s.kind == MISREAD_FORM and "-" in (s.written or "") for s in spans)
    return after_compound and all(len(w) > 2 and w.isalpha() and w.lower() not in KINDS
                                  and w.lower() not in SYMBOL_WORDS for w in words[start:end])


def _join_number_pairs(words: Sequence[str], punct: List[str], itn: List[str], spans: List[ConvertedSpan],
                       tagger_itn: Sequence[str] = (), typed: AbstractSet[int] = frozenset()) -> None:
    """Write two numbers converted in spans side by side as the range or score they are said for ("pages 139 163"
    is pages 139-163, "770 775 metres" 770-775 metres; :func:`.number_spans.number_pair`; not two of a list of
    three, "220 330 440"), and a year with "to" and the next year's last two digits as the season or fiscal year
    it names ("2011 to 12" is 2011-12), changing the lists in place. A mark the tagger put inside one of its own
    spans (``tagger_itn``: its ITN labels) does not keep two numbers cut from it apart ("117, 111"), unless it was
    typed there (``typed``: the words a mark was typed after)."""
    in_pairs = _paired_numbers(spans)
    for k in range(len(spans) - 2, -1, -1):
        first, second = spans[k], spans[k + 1]
        if (first.kind != "itn" or second.kind != "itn" or first.written is None or second.written is None
                or (punct[first.end - 1] != "O" and not _inside_tagger_span(first.end, tagger_itn, typed))):
            continue
        said_end = second.end if _PLAIN_NUMBER.fullmatch(second.written) else _number_end(words, second)
        side_by_side = (first.end == second.start and _PLAIN_NUMBER.fullmatch(first.written) and said_end
                        and k in in_pairs
                        and not identifier_before(words, first.start)  # an account number's groups: "485 777"
                        and number_pair(words[first.start:said_end], words[first.start - 1] if first.start else "",
                                        words[said_end] if said_end < len(words) else "")
                        == first.end - first.start)
        if not (side_by_side or _said_season(first, second, words, punct)
                or _said_score(first, second, words, punct)):
            continue
        spans[k] = _span_over(first, words, first.start, second.end, f"{first.written}-{second.written}")
        del spans[k + 1]
        for i in range(first.end - 1, second.start):
            punct[i] = "O"
        for i in range(first.end, second.end):
            itn[i] = "I"


_MEASURED = re.compile(r"(?:\d{1,3}(?:,\d{3})*|\d+) [A-Za-z]+")  # "775 metres"


def _number_end(words: Sequence[str], span: ConvertedSpan) -> int:
    """Where the number said at the start of ``span`` ends, for a span written as a number and its unit ("seven
    hundred seventy five metres" written "775 metres"); 0 for any other."""
    if span.written is None or not _MEASURED.fullmatch(span.written):
        return 0
    phrases = number_phrases(words[span.start:span.end])
    return span.start + phrases[0][1] if phrases and phrases[0][0] == 0 else 0


def _inside_tagger_span(at: int, tagger_itn: Sequence[str], typed: AbstractSet[int]) -> bool:
    """Whether word ``at`` goes on the tagger's own span from the word before it, with no mark typed between."""
    return at < len(tagger_itn) and tagger_itn[at] == "I" and at - 1 not in typed


def _paired_numbers(spans: Sequence[ConvertedSpan]) -> Set[int]:
    """The indices of the spans that may start a range or score with the next one: in each run of plain numbers
    converted side by side (the last may have its unit: "770 775 metres"), the first of each pair where the run has
    an even length ("116 112 117 111" are two scores); none where it has an odd one, which is a list ("at 220 330
    440 hertz")."""
    plain = [span.kind == "itn" and span.written is not None and _PLAIN_NUMBER.fullmatch(span.written) is not None
             for span in spans]
    measured = [span.kind == "itn" and span.written is not None and _MEASURED.fullmatch(span.written) is not None
                for span in spans]
    firsts: Set[int] = set()
    k = 0
    while k < len(spans):
        end = k + 1
        while (end < len(spans) and plain[k] and plain[end - 1] and (plain[end] or measured[end])
               and spans[end - 1].end == spans[end].start):
            end += 1
        if (end - k) % 2 == 0:
            firsts.update(range(k, end, 2))
        k = end
    return firsts


_YEAR = re.compile(r"1\d{3}|2\d{3}")


def _to_between(first: ConvertedSpan, second: ConvertedSpan, words: Sequence[str], punct: Sequence[str]) -> bool:
    """Whether only "to" is said between ``first`` and ``second``, with no mark."""
    return second.start == first.end + 1 and words[first.end].lower() == "to" and punct[first.end] == "O"


def _said_as_written(said_words: Sequence[str], words: Sequence[str], start: int, case: Sequence[str],
                     punct: Sequence[str]) -> Optional[str]:
    """The written form of a span the guards rejected, read from its spoken words by rule (a flight number, an age,
    an amount, a measure, digits, a code, letters), or ``None``."""
    return (said_flight_number(words, start, start + len(said_words))  # "h z eleven" rejected as "Hz 11"
            or said_age(said_words)  # "seventeen year old" rejected as "$17"
            or said_money(said_words)  # "eighteen pounds seventy pence" as "18.7%"
            or said_measure(said_words)  # "nine point five eight seconds" as "9.582nds"
            or said_plain_decimal(said_words)  # "zero point zero one one two three five nine" as "0.011 2359"
            or said_digit_string(said_words)  # a phone number said partly in hundreds, its digits changed
            or said_letter_number(said_words, leads_number(words, start, case, punct))
            or said_code(said_words)  # "inc zero zero four eight" as "inc.048"
            or said_identifier_groups(said_words, words, start)  # an account number's groups
            or spelled_reference(said_words, words, start)  # "k seven p two xm": K7P2XM
            or said_letters(said_words))  # "x x x" written "X.X.": XXX


def _said_season(first: ConvertedSpan, second: ConvertedSpan, words: Sequence[str], punct: Sequence[str]) -> bool:
    """Whether ``first`` "to" ``second`` is a year and the next year's last two digits ("twenty eleven to twelve",
    read so from 2011-12)."""
    return (_to_between(first, second, words, punct)
            and _YEAR.fullmatch(first.written) is not None and re.fullmatch(r"\d\d", second.written) is not None
            and int(second.written) == (int(first.written) + 1) % 100)


# Nouns a score said with "to" describes ("a 78-72 win", "a 5-4 decision", "by a 312-298 vote").
_SCORED = frozenset("win wins victory victories loss losses defeat defeats lead triumph rout drubbing thrashing "
                    "decision ruling verdict majority vote scoreline margin".split())


def _said_score(first: ConvertedSpan, second: ConvertedSpan, words: Sequence[str], punct: Sequence[str]) -> bool:
    """Whether ``first`` "to" ``second`` are the two sides of a score before the noun it describes ("the seventy
    eight to seventy two win" is the 78-72 win, "a five to four decision" a 5-4 decision)."""
    return (_to_between(first, second, words, punct)
            and punct[second.end - 1] == "O" and second.end < len(words) and words[second.end].lower() in _SCORED
            and first.written.isdigit() and second.written.isdigit() and len(first.written) <= 3
            and len(second.written) <= 3)


_PLAIN_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})*|\d+")
_CLOCK_IN = re.compile(r"(?<![\d:])\d{1,2}:\d\d(?![\d:])")  # a time of day in a writing: "11:40" of "11:40 a.m."


@dataclass
class Result:
    """One formatted document: written words, the labels behind them and how they align to the spoken words."""

    spoken: List[str]
    words: List[str]
    punct: List[str] = field(default_factory=list)
    case: List[str] = field(default_factory=list)
    itn: List[str] = field(default_factory=list)
    spans: List[ConvertedSpan] = field(default_factory=list)
    groups: List[AlignmentGroup] = field(default_factory=list)
    passthrough: bool = False
    disfl: List[str] = field(default_factory=list)  # per spoken word, from a model with a disfluency head

    @property
    def text(self) -> str:
        return " ".join(self.words)

    def to_dict(self) -> Dict[str, Any]:
        return {
            "text": self.text, "spoken": self.spoken, "words": self.words, "punct": self.punct, "case": self.case,
            "itn": self.itn, "passthrough": self.passthrough, "disfl": self.disfl,
            "spans": [vars(s) for s in self.spans],
            "groups": [{"source": list(g.source), "target": list(g.target), "cls": g.cls, "fallback": g.fallback}
                       for g in self.groups],
        }


# ASCII control characters str.split() does not treat as whitespace (to_words drops them)
_ASCII_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1b\x7f]")


def _clean_word(word: str) -> List[str]:
    """NFKC-normalize one word, drop control/format characters (ZWJ kept inside emoji), write a lone surrogate as
    U+FFFD and re-split it.

    NFKC can turn a character into a space plus a combining mark (``"caf\u00b4"`` → ``"caf \u0301"``), so the
    result is split again; a piece left with no character but control/format ones (a lone ZWJ) is no content.
    Characters this Python's Unicode tables do not know (an emoji newer than them) and private-use ones are kept.
    """
    if word.isascii() and word.isprintable() and " " not in word:  # the common case: nothing to change
        return [word] if word else []
    word = unicodedata.normalize("NFKC", word)
    word = "".join("\ufffd" if category == "Cs" else ch for ch, category in
                   ((ch, unicodedata.category(ch)) for ch in word) if category not in ("Cc", "Cf") or ch in "\u200d")
    return [piece for piece in word.split() if piece.strip("\u200d")]


def to_words(text_or_words: Union[str, Sequence[str]]) -> List[str]:
    """Split text on whitespace (or check a word list) into clean words.

    Each word is NFKC-normalized and loses its control/format characters (a lone surrogate becomes U+FFFD); a
    word made only of such characters is dropped (it is no content), and a word that NFKC splits becomes several
    words. No visible word is dropped.
    """
    if isinstance(text_or_words, str):
        text = text_or_words
    elif isinstance(text_or_words, (list, tuple)):
        if not all(isinstance(w, str) for w in text_or_words):
            bad = next(type(w).__name__ for w in text_or_words if not isinstance(w, str))
            raise TypeError(f"words must be strings, got a {bad}")
        text = " ".join(text_or_words)  # the same pieces as splitting each word
    else:
        raise TypeError(f"expected a string or a list of words, got {type(text_or_words).__name__}")
    if text.isascii() and not _ASCII_CONTROL.search(text):
        return text.split()  # the common case: no word changes (as in _clean_word)
    return [piece for w in text.split() for piece in _clean_word(w)]


def check_count(name: str, value: Any, unit: str) -> int:
    """``value`` as an int if it is an integer count of ``unit`` (a bool is not one), else ``TypeError`` naming
    the option ``name``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} is a number of {unit}, an int, got {value!r} ({type(value).__name__})")
    return int(value)


def check_batch_size(value: Any) -> int:
    """``value`` if it is a batch size (an int of at least 1), else ``TypeError`` or ``ValueError``."""
    if check_count("batch_size", value, "documents") < 1:
        raise ValueError(f"batch_size must be at least 1, got {value}")
    return int(value)


def batched(items: Iterable[Any], size: int) -> Iterator[List[Any]]:
    """Lists of ``size`` consecutive items (the last may be shorter)."""
    if size < 1:
        raise ValueError(f"batch size must be at least 1, got {size}")
    batch: List[Any] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


class U2TF:
    """Two-stage formatter: stage-1 tagger labels words; stage-2 converter rewrites ITN and mixed-case spans.

    Options (each independent): ``punctuation``, ``truecase``, ``itn`` (``True``/``False`` or a set of classes
    to convert, see :func:`classify_written`), ``spell_numbers_below`` (cardinals under this stay words, except
    after a noun that labels by number: "room 5"; ``from_pretrained`` takes the model's setting),
    ``lexicon`` (fixed spellings), ``written_input`` for text that already looks formatted (``"normalize"``: plain
    words get their case and ``,.?`` predicted again, every other token is kept verbatim, see
    :mod:`.written_input`; ``"passthrough"``: returned as it is; ``"ignore"``: treated as spoken),
    ``label_thresholds`` (``{head: {label: probability}}``: a label wins once the tagger gives it that
    probability, e.g. ``{"case": {"MIXED": 0.1}}``; a model's config may set a calibrated default;
    ``{"punct": {"HYPHEN_NAMES": p}}``: a hyphen before a word that comes out capitalized needs ``p`` after a
    capitalized word or a lowercase one other than a prefix, see :func:`.labels.hold_name_joins`;
    ``{"disfl": {"REPARANDUM_REPEATED": p}}``: a word whose words are said again right after it ("i i think") is a
    reparandum from ``p``, see :func:`.labels.mark_repeated_reparanda`; ``{"case": {"ACRONYM_PLAIN": p}}``: a word
    of ``plain_words`` is an acronym from ``p``, see :func:`.labels.hold_plain_acronyms`),
    ``disfluencies`` (``"keep"``: verbatim; ``"fillers"``: drop filler words; ``"all"``: drop fillers and
    reparanda, the words a speaker repeats or abandons; removal needs a model with a disfluency head, and the
    kept words are tagged again, see :mod:`.disfluency`), ``mixed_case_forms`` (known mixed-case spellings of
    single words, :class:`.lexicon.MixedCaseForms` or a mapping, written whatever the tagger's case label and
    without stage 2, and acronyms always written in capitals, "nba": "NBA", which take that case label;
    ``from_pretrained`` loads the model's table, ``False`` turns it off; the ``lexicon`` and ITN spans win over
    it), ``hyphen_compounds`` (compounds always written with hyphens, "non-profit",
    :class:`.lexicon.HyphenCompounds` or an iterable of them, joined where the tagger put no mark between their
    words; ``from_pretrained`` loads the model's list, ``False`` turns it off), ``plain_words`` (words never
    written in capitals, "sprint", :class:`.lexicon.PlainWords` or an iterable of them, whose ACRONYM label needs the
    ``ACRONYM_PLAIN`` threshold; ``from_pretrained`` loads the model's list, ``False`` turns it off).
    """

    def __init__(self, tagger: Any, converter: Any = None, *, punctuation: bool = True, truecase: bool = True,
                 itn: Union[bool, Iterable[str]] = True, spell_numbers_below: int = 0,
                 lexicon: Union[Lexicon, Mapping[str, str], None] = None, written_input: str = "normalize",
                 context: int = DEFAULT_CONTEXT, batch_size: int = 64,
                 label_thresholds: Optional[Mapping[str, Mapping[str, float]]] = None,
                 disfluencies: str = "keep",
                 mixed_case_forms: Union[MixedCaseForms, Mapping[str, str], bool, None] = None,
                 hyphen_compounds: Union[HyphenCompounds, Iterable[str], bool, None] = None,
                 plain_words: Union[PlainWords, Iterable[str], bool, None] = None) -> None:
        if written_input not in WRITTEN_INPUT_MODES:
            raise ValueError(f"written_input must be one of {WRITTEN_INPUT_MODES}, got {written_input!r}")
        self.label_thresholds = {h: dict(t) for h, t in (label_thresholds or {}).items() if t}
        for head, table in self.label_thresholds.items():
            bad = {k: v for k, v in table.items() if not isinstance(v, (int, float)) or not 0 < v <= 1}
            heads = tuple(getattr(tagger, "labels", None) or HEADS)
            if head not in heads or bad:
                raise ValueError(f"label_thresholds: {head!r} → {bad or table} (heads {'/'.join(heads)}, "
                                 f"probabilities in (0, 1])")
            names = (getattr(tagger, "labels", None) or {}).get(head)
            unknown = sorted(set(table) - set(names) - {key for h, key in CONTEXT_KEYS if h == head}) if names else []
            if unknown:
                raise ValueError(f"label_thresholds: no such {head} label(s) {unknown}; labels are {list(names)} "
                                 f"and {[key for h, key in CONTEXT_KEYS if h == head]}")
        check_disfluency_mode(disfluencies, tagger)
        self.disfluencies = disfluencies
        self.tagger = tagger
        self.converter = converter
        self.punctuation = punctuation
        self.truecase = truecase
        self.itn_classes = None if itn is True else frozenset() if itn is False else frozenset(itn)
        if spell_numbers_below is not None and (isinstance(spell_numbers_below, bool)
                                                or not isinstance(spell_numbers_below, numbers.Integral)):
            raise TypeError(f"spell_numbers_below is an int (cardinals below it are written in words), got "
                            f"{spell_numbers_below!r} ({type(spell_numbers_below).__name__})")
        self.spell_numbers_below = int(spell_numbers_below or 0)
        self.lexicon = lexicon if isinstance(lexicon, Lexicon) else Lexicon(lexicon)
        self.mixed_case_forms = (mixed_case_forms if isinstance(mixed_case_forms, MixedCaseForms) else
                                 MixedCaseForms(mixed_case_forms if isinstance(mixed_case_forms, Mapping) else None))
        self.hyphen_compounds = (hyphen_compounds if isinstance(hyphen_compounds, HyphenCompounds) else
                                 HyphenCompounds(None if isinstance(hyphen_compounds, bool) else hyphen_compounds))
        self.plain_words = (plain_words if isinstance(plain_words, PlainWords) else
                            PlainWords(None if isinstance(plain_words, bool) else plain_words))
        self.written_input = written_input
        self.context = context
        self.batch_size = check_batch_size(batch_size)
        self.stats = GuardStats()  # what the guards on stage 2 did, over every call

    @classmethod
    def from_pretrained(cls, path_or_name: Union[str, Path, None] = None, *, device: str = "cpu",
                        dtype: Optional[str] = DEFAULT_DTYPE, allow_download: bool = False,
                        **options: Any) -> "U2TF":
        """Load a model folder (default: the model shipped in the package). Never downloads unless asked.

        ``dtype``: the tagger's precision or runtime, one of :data:`.precision.DTYPES`. ``"auto"`` (the default):
        bf16 where the hardware computes it natively, else fp32 (see :func:`.precision.check_dtype`); under bf16 a
        transcript's text can depend on the other transcripts of its batch, ``"fp32"`` never.

        Loading also fixes glibc's heap thresholds for the process (:func:`.memory.tune_allocator`: fewer page
        faults per call; ``U2TF_TUNE_MALLOC=0`` or the user's own ``MALLOC_*_`` settings leave them alone).
        """
        from .io import read_config, resolve_model
        from .memory import tune_allocator
        from .tagger import Tagger

        dtype = check_dtype(dtype)
        tune_allocator()
        folder = resolve_model(path_or_name, allow_download=allow_download)
        config = read_config(folder)
        tagger = Tagger.load(folder / config["tagger"], device=device, inference_only=True)
        apply_dtype(tagger, dtype, device)
        converter = None
        if config.get("converter") and (folder / config["converter"]).exists():
            from .converter import SpanConverter

            converter = SpanConverter.load(folder / config["converter"], device=device)
        # an option left out or given as None takes the model's own setting (spaCy's config writes null for it)
        for key, default in (("context", DEFAULT_CONTEXT), ("label_thresholds", None), ("spell_numbers_below", 0)):
            if options.get(key) is None:
                options[key] = config.get(key, default)
        if options.get("mixed_case_forms", True) is True and config.get("mixed_case_forms"):
            options["mixed_case_forms"] = MixedCaseForms.from_file(folder / config["mixed_case_forms"])
        if options.get("hyphen_compounds", True) is True and config.get("hyphen_compounds"):
            options["hyphen_compounds"] = HyphenCompounds.from_file(folder / config["hyphen_compounds"])
        if options.get("plain_words", True) is True and config.get("plain_words"):
            options["plain_words"] = PlainWords.from_file(folder / config["plain_words"])
        return cls(tagger, converter, **options)

    @property
    def fallbacks(self) -> Counter:
        """Spans that kept their spoken words (a guard's or a switched-off class's), by reason."""
        return self.stats.fallbacks

    @property
    def spans_converted(self) -> int:
        """Spans sent to the converter."""
        return self.stats.spans_converted

    @property
    def digit_retries(self) -> int:
        """Spans saved by a second try with their spoken digits imposed."""
        return self.stats.digit_retries

    @property
    def alternatives(self) -> int:
        """Spans whose converter output the guards rejected, saved by one of its next-likeliest outputs."""
        return self.stats.alternatives

    # -- public API --------------------------------------------------------------------------------------
    def format(self, text: str) -> str:
        """Format one spoken-form transcript into written text."""
        if not isinstance(text, str):
            raise TypeError(f"format() takes a string, got {type(text).__name__}")
        return self.process(text).text

    def format_batch(self, texts: Sequence[str]) -> List[str]:
        return [r.text for r in self.process_batch(texts)]

    def pipe(self, docs: Iterable[Union[str, Sequence[str]]], *, batch_size: Optional[int] = None,
             n_process: int = 1) -> Iterator[Result]:
        """Format a stream of documents lazily, in order: batches of ``batch_size`` (default: the model's) on
        ``n_process`` forked processes (``-1``: one per core; see :func:`.parallel.map_batches`)."""
        from .parallel import map_batches

        if isinstance(docs, (str, bytes, Mapping)):
            raise TypeError(f"pipe() takes an iterable of documents (strings or word lists), got "
                            f"{type(docs).__name__}; use process() for one string")
        formatted = map_batches(self, batched(docs, self._batch_size(batch_size)), n_process)
        return (result for results in formatted for result in results)

    def process(self, words: Union[str, Sequence[str]]) -> Result:
        """Format one document (a string or a list of spoken words) into a :class:`Result`."""
        return self.process_batch([words])[0]

    def process_batch(self, docs: Sequence[Union[str, Sequence[str]]], batch_size: Optional[int] = None) -> List[Result]:
        """Format many documents: one tagger pass over all their windows, one converter pass over all spans."""
        if isinstance(docs, str):
            raise TypeError("process_batch() takes a list of documents; use process() for one string")
        if not isinstance(docs, (list, tuple)):
            raise TypeError(f"process_batch() takes a list of documents (strings or word lists), "
                            f"got {type(docs).__name__}")
        size = self._batch_size(batch_size)
        word_lists = [to_words(d) for d in docs]
        results: List[Optional[Result]] = [None] * len(word_lists)
        todo: List[int] = []
        kept: Dict[int, Dict[int, str]] = {}  # doc → written tokens kept verbatim (written_input="normalize")
        for i, words in enumerate(word_lists):
            if not words:
                results[i] = Result([], [])
                continue
            if all_capitals(words):  # "HELLO HOW ARE YOU": spoken words in capitals
                words = [w.lower() for w in words]
            written = self.written_input != "ignore" and looks_written(words)
            if written and self.written_input == "passthrough":
                given = word_lists[i]
                results[i] = Result(list(given), list(given), ["O"] * len(given), ["LOWER"] * len(given),
                                    ["O"] * len(given), [], kept_groups(len(given)), True)
                continue
            if written:
                form = spoken_form(words)
                word_lists[i], kept[i] = form.words, form.kept
            elif self.written_input != "ignore" and typed_case(words):  # "the U.S.": kept as typed
                form = typed_tokens(words)
                _, marks = typed_marks([w.lower() for w in words], form.kept)
                word_lists[i], kept[i] = form.words, {**form.kept, **marks}
            elif self.written_input != "ignore":
                word_lists[i], marks = typed_marks([w.lower() for w in words])
                if marks:
                    kept[i] = marks
            else:
                word_lists[i] = [w.lower() for w in words]
            todo.append(i)
        if todo:
            labels = self._labels([word_lists[i] for i in todo], size)
            for i, formatted in zip(todo, self._finish([word_lists[i] for i in todo], labels,
                                                      [kept.get(i, {}) for i in todo])):
                results[i] = formatted
        return results  # type: ignore[return-value]

    def process_words(self, words: Sequence[Any]) -> "TimedResult":
        """Format recognizer words with times and keep the times: ``(word, start, end)`` tuples, or dicts with
        ``word`` (or ``text``), ``start``/``end`` (or NeMo's ``start_offset``/``end_offset``) and any other keys
        (``probability``, ``conf``, ``speaker``), which are carried to the written words of their alignment group.
        Returns a :class:`.timing.TimedResult`: ``words`` (dicts with the written word and its times),
        ``segments`` and the :class:`Result`. A sentence never spans a speaker change.

        A time is a finite number; ``None`` or NaN is no time, allowed on every word (the text has no times) but not
        on only some; any other time is a ``ValueError`` naming the word. A ``None`` or NaN ``speaker`` is none."""
        from .timing import process_words_batch

        if isinstance(words, (str, bytes, Mapping)):
            raise TypeError("process_words() takes a list of recognizer words (strings, (word, start, end) tuples or "
                            f"dicts), got {type(words).__name__}; use process() to format a text string")
        return process_words_batch(self, [words])[0]

    def stream(self, lookahead: int = 8, **options: Any) -> "Stream":
        """A :class:`.stream.Stream` for live formatting: ``push(words)`` returns the written words committed so
        far (never revised afterwards), once ``lookahead`` spoken words follow them; ``flush()`` commits the rest."""
        from .stream import Stream

        return Stream(self, lookahead=lookahead, **options)

    # -- steps -------------------------------------------------------------------------------------------
    def _batch_size(self, value: Optional[int]) -> int:
        """``value`` checked as a batch size (:func:`check_batch_size`), or the model's when ``None``."""
        return self.batch_size if value is None else check_batch_size(value)

    def _format_with_labels(self, docs: List[List[str]], kept: Sequence[Mapping[int, str]],
                            adjust: Callable[[int, Dict[str, Any]], None]) -> List[Result]:
        """Format prepared spoken word lists (as :meth:`process_batch` prepares them, with their verbatim tokens
        ``kept``), letting ``adjust(d, labels)`` change document ``d``'s labels in place (its ``<head>_probs``
        arrays are there to read) between the tagger and assembly."""
        labels = self._labels(docs, self.batch_size, return_probs=True)
        for d, entry in enumerate(labels):
            adjust(d, entry)
        return self._finish(docs, labels, kept)

    def _labels(self, docs: List[List[str]], batch_size: int, return_probs: bool = False) -> List[Dict[str, List[str]]]:
        """The tagger's labels of each document, with the label thresholds applied and the last sentence closed
        (each document is a whole text; a stream's uncommitted tail is labeled again when more words come)."""
        if self.label_thresholds or return_probs:
            labels = self.tagger.predict(docs, batch_size=batch_size, return_probs=True)
        else:
            labels = self.tagger.predict(docs, batch_size=batch_size)
        tables, context = split_context_thresholds(self.label_thresholds)
        for words, entry in zip(docs, labels):
            if self.label_thresholds:
                entry.update(thresholded_labels(entry, self.tagger.labels, tables, context, words, self.plain_words))
            entry["punct"] = close_last_sentence(entry["punct"])
        return labels

    def _finish(self, docs: List[List[str]], labels: List[Dict[str, List[str]]],
                kept: Optional[Sequence[Mapping[int, str]]] = None) -> List[Result]:
        return finish_disfluent(docs, labels, self.disfluencies, lambda fluent: self._labels(fluent, self.batch_size),
                                self._finish_fluent, kept)

    def _finish_fluent(self, docs: List[List[str]], labels: List[Dict[str, List[str]]],
                       kept: Optional[Sequence[Mapping[int, str]]] = None) -> List[Result]:
        plans: List[Tuple[List[str], List[str], List[str], List[ConvertedSpan]]] = []
        typed_by_doc: List[Set[int]] = []  # per document, the words a mark was typed after
        requests: List[Tuple[int, int]] = []  # (doc, span index) needing stage 2
        inputs: List[str] = []
        for d, (words, lab) in enumerate(zip(docs, labels)):
            # hyphens: none at a function word's edge, the known compounds joined, "X and a half" whole or not at all
            punct = self.hyphen_compounds.join(words, loose_edge_joins(words, lab["punct"]), JOIN)
            punct = ranked_superlative_joins(words, superlative_joins(words, whole_fraction_joins(words, punct)))
            punct = measured_fraction_joins(words, to_compound_joins(words, punct))  # "end-to-end", "1/2 cup of"
            case = self.hyphen_compounds.name_cases(words, punct, address_case(words, punct, lab["case"]), JOIN)
            punct, case = question_tails(words, punct, case)  # "order now, madam?", "hiking often?"
            punct, case = born_joins(words, punct, case)  # "a Scottish-born physicist"
            punct, case = combining_form_joins(words, punct, case)  # "the Sino-Japanese war"
            punct, case = vessel_class_joins(words, punct, case)  # "a Town-class light cruiser"
            punct = nationality_joins(words, punct, case)  # "a French-Spanish singer", "English-language films"
            # a number phrase is converted whole or not at all (spans grown over its rest and its currency)
            itn = complete_number_spans(words, said_decimals(words, lab["itn"]))
            itn = joined_letters(words, punct, address_at_cut(words, itn))
            for start, end in bio_spans(itn) if self.itn_classes != frozenset() else ():
                for cut in years_then_numbers(words, start, end):  # "by 2045, five years ahead"
                    itn[cut] = "B"
                    punct[cut - 1] = "COMMA" if punct[cut - 1] == "O" else punct[cut - 1]
            short_forms = written_short_forms(words)  # "No.", "R&D", "Q2": written as said, without stage 2
            short_forms = sorted(short_forms + [form for form in said_uk_phone_numbers(words)  # 0191 386 8214
                                                + said_prefixed_dollars(words)  # "a dollar three hundred fifty": A$350
                                                + name_suffixes(words, case, punct)  # "Jr."
                                                + short_titles(words, case, punct)  # "Sen. Voss"
                                                + courtesy_titles(words, case, punct)  # "Ms. Garcia"
                                                + counted_acronyms(words, self._acronym_case(words, case), punct)
                                                + slashed_words(words, case, punct, itn)  # "Burn/Chatroom"
                                                if not any(f[0] < form[1] and form[0] < f[1] for f in short_forms)])
            punct, case, itn = short_form_labels(words, punct, case, itn, short_forms)  # "Mr President"
            punct, case, itn = mid_joins(words, punct, case, itn)  # "mid twenty twenty five" is mid-2025
            case, itn = scale_names(words, case, itn)  # "degrees Celsius"
            verbatim = kept[d] if kept else {}
            typed = {i for i, token in verbatim.items() if isinstance(token, TypedMark)}
            typed_by_doc.append(typed)
            for i, token in verbatim.items():
                punct[i] = kept_punct(token, punct[i])
            for i in typed:
                if i + 1 < len(itn) and itn[i + 1] == "I":
                    itn[i + 1] = "B"  # "twenty five, thirty" is two numbers
            for i, start in enumerate(sentence_starts(punct)):
                if start and case[i] == "LOWER":
                    case[i] = "CAPITAL"  # keep casing consistent with the predicted sentence ends
            spans = self._spans(words, case, itn, verbatim, short_forms, typed, punct)
            for span in spans:
                if span.kind == REGNAL:
                    close_regnal_name(words, punct, span.start, span.end)
            for k, span in enumerate(spans):
                if span.kind not in VERBATIM_KINDS and span.reason is None:
                    requests.append((d, k))
                    inputs.append(span_input(words, span.start, span.end, self.context))
            plans.append((punct, case, itn, spans))
        if inputs:
            from .guards import convert_checked

            spans = [plans[d][3][k] for d, k in requests]
            spoken = [docs[d][span.start:span.end] for (d, _), span in zip(requests, spans)]
            outputs, reasons, retries, alternatives = convert_checked(self.converter, inputs, spoken,
                                                                      [span.kind == MIXED_CLASS for span in spans])
            self.stats.spans_converted += len(inputs)
            self.stats.digit_retries += retries
            self.stats.alternatives += alternatives
            self._narrow_rejected(docs, plans, requests, spans, spoken, outputs, reasons)
            money_in_text: Dict[int, PoundsInText] = {}  # one pass over each text, however many amounts it has
            clocks_in_text: Dict[int, Set[str]] = {}  # the times of day each text has written so far
            for (d, k), span, said_words, written, reason in zip(requests, spans, spoken, outputs, reasons):
                cls = MIXED_CLASS if span.kind == MIXED_CLASS else ""
                said = None if span.kind == MIXED_CLASS else said_ip_address(said_words)  # not "10-00.1"
                said = said if said is not None or reason is None or span.kind == MIXED_CLASS else (
                    _said_as_written(said_words, docs[d], span.start, plans[d][1], plans[d][0]))
                if said is None and reason is not None and span.kind != MIXED_CLASS:
                    address = said_address(said_words)  # "minneapolismn dot gov slash recovery" misspelled
                    if address is not None:
                        taken, said = address
                        for i in range(span.start + taken, span.end):  # the words after it stay words
                            out_of_span(plans[d][2], i)
                        span = replace(span, end=span.start + taken, spoken=" ".join(said_words[:taken]))
                if said is not None:
                    written, reason = said, None  # the digits as said
                if reason is None and self._plain_in_mixed_case(span, written):
                    reason = PLAIN_NOT_MIXED  # "double" is no "DouBle": dictionaries write it in lowercase
                if reason is None and span.kind == MIXED_CLASS:
                    counted = said_as_plural(docs[d], plans[d][0], span.start)  # "two kpi's" are KPIs
                    written = plural_acronym(written, span.spoken, counted) or written  # "guis" is GUIs, not "GUI's"
                if reason is None and span.kind != MIXED_CLASS:
                    before = span.start - 1
                    name_before = (before > 0 and plans[d][1][before] != "LOWER" and plans[d][0][before] == "O"
                                   and plans[d][0][before - 1] not in SENTENCE_END)
                    if d not in money_in_text:
                        money_in_text[d] = pounds_in_text(docs[d])
                    written = read_in_context(written, docs[d], span.start, span.end, name_before,
                                              money_in_text[d], clocks_in_text.setdefault(d, set()))  # "room 4:04"
                    cls = classify_written(written)
                    if cls == "time":
                        clocks_in_text[d].update(_CLOCK_IN.findall(written))
                    reason = (unnamed_amount(written, docs[d][span.end:span.end + 2], said_words)  # "3:59 a gallon"
                              or nameless_title(span.spoken, written, plans[d][0][span.end - 1],  # "Thank you, Dr."
                                                docs[d][span.end:span.end + 2],
                                                plans[d][1][span.end] if span.end < len(docs[d]) else None)
                              or self._itn_switch(cls, written, docs[d][span.start - 1] if span.start else ""))
                plans[d][3][k] = replace(span, written=written if reason is None else None, cls=cls, reason=reason)
                if reason is not None:
                    self.stats.fallbacks[reason.split(":")[0]] += 1
                    if span.kind != MIXED_CLASS:  # written as said: "the fifth and sixth of September"
                        for i in said_months(docs[d], span.start, span.end):
                            plans[d][1][i] = "CAPITAL"
                    elif written and written.isupper() and written == span.spoken.upper():
                        plans[d][1][span.start] = "ACRONYM"  # the converter wrote it as an acronym ("CEO")
                    elif self.label_thresholds and "case_probs" in labels[d]:
                        # with thresholds every path has the probabilities (without, only streaming would)
                        tables, context = split_context_thresholds(self.label_thresholds)
                        plans[d][1][span.start] = rejected_mixed_case(
                            labels[d]["case_probs"][span.start], self.tagger.labels["case"], tables.get("case", {}),
                            context.plain_acronym if span.spoken in self.plain_words else None)
                    if plans[d][1][span.start] == "ACRONYM" and led_verb(docs[d], span.start):
                        plans[d][1][span.start] = "LOWER"  # "a round led by", not "LED by"
        for words, (punct, case, itn, spans), typed, lab in zip(docs, plans, typed_by_doc, labels):
            _join_leading_letters(words, punct, case, itn, spans, typed, self.mixed_case_forms.is_acronym)
            _join_number_pairs(words, punct, itn, spans, lab["itn"], typed)
        return [self._result(words, *plan) for words, plan in zip(docs, plans)]

    def _narrow_rejected(self, docs: List[List[str]], plans: List[Tuple[List[str], List[str], List[str], Any]],
                         requests: Sequence[Tuple[int, int]], spans: List[ConvertedSpan], spoken: List[List[str]],
                         outputs: List[str], reasons: List[Optional[str]]) -> None:
        """Convert each span the guards rejected, and no rule reads whole, again without a loose word at its edge
        (``narrower_spans``); the first narrower span the guards accept takes its place, in place in the lists, and
        the word left out is written as said: "forty five miles southwest" → "45 miles southwest"."""
        from .guards import convert_checked

        tries = [(j, start, end) for j, ((d, _), span, reason) in enumerate(zip(requests, spans, reasons))
                 if reason is not None and span.kind != MIXED_CLASS and said_ip_address(spoken[j]) is None
                 and _said_as_written(spoken[j], docs[d], span.start, plans[d][1], plans[d][0]) is None
                 for start, end in narrower_spans(docs[d], span.start, span.end)]
        if not tries:
            return
        said = [docs[requests[j][0]][start:end] for j, start, end in tries]
        written, why, _, _ = convert_checked(self.converter, [span_input(docs[requests[j][0]], start, end, self.context)
                                                              for j, start, end in tries], said, [False] * len(tries))
        for (j, start, end), words, text, reason in zip(tries, said, written, why):
            if reason is None and reasons[j] is not None:
                d, span = requests[j][0], spans[j]
                if _cents_of_amount(text, docs[d][end:span.end]):
                    end, words = span.end, docs[d][start:span.end]  # "£124.99" is "... ninety nine pence" whole
                for i in [*range(span.start, start), *range(end, span.end)]:
                    out_of_span(plans[d][2], i)
                spans[j] = replace(span, start=start, end=end, spoken=" ".join(words))
                spoken[j], outputs[j], reasons[j] = words, text, None
                self.stats.narrowed += 1

    def _spans(self, words: List[str], case: List[str], itn: List[str], kept: Optional[Mapping[int, str]] = None,
               short_forms: Sequence[Tuple[int, int, str]] = (), typed: Collection[int] = (),
               punct: Optional[Sequence[str]] = None) -> List[ConvertedSpan]:
        """The spans of one document: verbatim ones claimed by rule (``kept`` tokens, lexicon matches, readings of a
        normalizer, short forms), none over a word a mark was typed after (``typed``), then the tagger's ITN spans
        and mixed-case words (``punct``: the marks after the words, default none)."""
        punct = punct if punct is not None else ["O"] * len(words)
        spans: List[ConvertedSpan] = []
        taken = [False] * len(words)

        def claim(start: int, end: int, kind: str, written: str, cls: str,
                  free: Optional[Tuple[int, int]] = None) -> bool:
            """A verbatim span over ``words[start:end]`` where the words of ``free`` (default: the span's) are not
            taken by an earlier one and no mark was typed inside; whether it was made."""
            if any(taken[slice(*(free or (start, end)))]) or any(i in typed for i in range(start, end - 1)):
                return False
            spans.append(ConvertedSpan(start, end, kind, " ".join(words[start:end]), written, cls))
            taken[start:end] = [True] * (end - start)
            return True

        for i, token in (kept or {}).items():
            if i not in typed:  # a typed mark's word is spoken
                claim(i, i + 1, WRITTEN_CLASS, token, WRITTEN_CLASS)
        for start, end, value in self.lexicon.matches(words) if self.lexicon else ():
            claim(start, end, LEXICON_CLASS, value, LEXICON_CLASS)
        if self._converts("ordinal"):
            for unit in unit_ordinals(words):
                if (claim(unit.start, unit.end, UNIT_ORDINAL, unit.written, "ordinal", (unit.start, unit.name_end))
                        and self.truecase):
                    case[unit.end:unit.name_end] = ["CAPITAL"] * (unit.name_end - unit.end)
        misread = [(form, "ordinal") for form in glued_ordinals(words) if self._converts("ordinal")]
        misread += [(form, "cardinal") for form in slashed_pairs(words) if self._converts("cardinal")]
        misread += [(form, "year") for form in thousands_decade(words) if self._converts("year")]
        misread += [(form, "cardinal") for form in legislation_numbers(words) if self._converts("cardinal")]
        misread += [(form, "time") for form in clock_durations(words) + lap_times(words) if self._converts("time")]
        misread += [(form, "measure") for form in per_second_units(words) + second_compounds(words)
                    + [f for f in counted_compounds(words)  # not "A4 copier paper", nor "a 30 leg? Let me"
                       if case[f.start - 1] == "LOWER" and all(mark in ("O", JOIN) for mark in punct[f.start:f.end])]
                    if self._converts("measure")]
        misread += [(form, "fraction") for form in measured_fractions(words) if self._converts("fraction")]
        for form, cls in misread:
            claim(form.start, form.end, MISREAD_FORM, form.written, cls)
        if self._converts("ordinal"):
            for regnal in regnal_numbers(words):
                claim(regnal.start, regnal.end, REGNAL, regnal.written, "ordinal", (regnal.start - 1, regnal.end))
        if self._converts("address"):
            for start, end, written in uk_postcodes(words):
                claim(start, end, POSTCODE, written, "address")
        if self.truecase and self._converts("abbreviation"):
            for start, end, form in short_forms:
                claim(start, end, SHORT_FORM, form, "abbreviation")
        no_converter = "no converter" if self.converter is None else None
        if self.itn_classes != frozenset():
            for start, end in bio_spans(itn):
                cuts = ordinals_after_letters(words, case, start, end)
                for start, end in _untaken_runs(taken, start, end, cuts):  # "u s" of "u s twenty fourth": "U.S."
                    if (_scale_of_typed_number(words, kept or {}, start, end)
                            or _plain_leftover(words, spans, start, end)):
                        continue
                    spans.append(ConvertedSpan(start, end, "itn", " ".join(words[start:end]), None, "",
                                               no_converter))
                    taken[start:end] = [True] * (end - start)
        if self.truecase and self.mixed_case_forms:
            for i, word in enumerate(words):
                form = None if taken[i] else self.mixed_case_forms.get(word)
                if form is not None and self.mixed_case_forms.is_acronym(word):
                    case[i] = "ACRONYM"  # "nba" is NBA: a case, not a spelling
                elif form is not None:
                    spans.append(ConvertedSpan(i, i + 1, KNOWN_FORM, word, form, MIXED_CLASS))
                    taken[i] = True
                    case[i] = "MIXED"
        if self.truecase:
            for i, label in enumerate(case):
                if label == "MIXED" and not taken[i]:
                    spans.append(ConvertedSpan(i, i + 1, MIXED_CLASS, words[i], None, MIXED_CLASS, no_converter))
        return sorted(spans, key=lambda s: s.start)

    def _plain_in_mixed_case(self, span: ConvertedSpan, written: str) -> bool:
        """Whether ``written`` puts a word of the plain words list in mixed case ("DouBle"; a MIXED span's word:
        "blackberry"), which no dictionary writes so; the plural of a known acronym ("CPUs") is no mixed case, but
        "PLUs" for "plus" is."""
        runs = [written.strip()] if span.kind == MIXED_CLASS else written.split()
        return any(case_label(run) == "MIXED" and run in self.plain_words and not (
            _ACRONYM_PLURAL.fullmatch(run) and self.mixed_case_forms.is_acronym(re.sub(r"'?s$", "", run).lower()))
                   for run in (r.strip(".,;:!?\"()") for r in runs))

    def _acronym_case(self, words: Sequence[str], case: Sequence[str]) -> List[str]:
        """``case`` with each known acronym said with "'s" ACRONYM, the words :func:`.short_forms.counted_acronyms`
        reads: "two ufo's" are UFOs when the tagger wrote "Ufo's"."""
        known = self.mixed_case_forms if self.truecase else None
        return ["ACRONYM" if known and word.lower().endswith("'s") and known.is_acronym(word) else label
                for word, label in zip(words, case)]

    def _converts(self, cls: str) -> bool:
        """Whether the ``itn`` option lets spans of class ``cls`` be written."""
        return self.itn_classes is None or cls in self.itn_classes

    def _itn_switch(self, cls: str, written: str, before: str = "") -> Optional[str]:
        """``CLASS_DISABLED`` where the options keep a converted span in words (``before``: the spoken word before
        it; a number that labels something, "room five", keeps its digits)."""
        if not self._converts(cls):
            return CLASS_DISABLED
        if self.spell_numbers_below and cls == "cardinal" and not labels_a_number(before):
            try:
                if abs(int(written.replace(",", ""))) < self.spell_numbers_below:
                    return CLASS_DISABLED
            except ValueError:
                pass
        return None

    def _result(self, words: List[str], punct: List[str], case: List[str], itn: List[str],
                spans: List[ConvertedSpan]) -> Result:
        out_punct = punct if self.punctuation else ["O"] * len(words)
        out_case = case if self.truecase else ["LOWER"] * len(words)
        rewrites = []
        for s in spans:
            written = s.written
            if written is not None and not self.truecase and s.kind not in VERBATIM_KINDS:
                written = written.lower()
            # with punctuation off the marks the tagger predicts are not attached (out_punct is all "O");
            # a period inside the written span ("8 a.m.", "Inc.") belongs to the token and is kept
            rewrites.append(SpanRewrite(s.start, s.end, s.cls or s.kind, written, verbatim=s.kind in VERBATIM_KINDS))
        assembled = assemble(words, out_punct, out_case, rewrites)
        return Result(list(words), assembled.words, list(out_punct), list(out_case), list(itn), spans,
                      assembled.groups)


__all__ = ["U2TF", "Result", "ConvertedSpan", "Lexicon", "classify_written", "looks_written", "to_words",
           "SENTENCE_END", "DTYPES", "DEFAULT_DTYPE", "check_dtype", "native_bf16"]
