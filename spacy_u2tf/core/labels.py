"""Stage-1 label sets and what each label does to a spoken word.

Labels are appended to, never renamed: a saved model stores its label lists in ``config.json``.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Container, Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np

HEADS: Tuple[str, ...] = ("punct", "case", "itn")  # the tagger's label sets, one head each
# HYPHEN joins a word to the next one with "-" ("second hand" → "second-hand"); it is not a mark that ends a word,
# so it is not in MARK_TO_PUNCT and a written token never splits on it there.
PUNCT_LABELS: Tuple[str, ...] = ("O", "COMMA", "PERIOD", "QUESTION", "HYPHEN")
PUNCT_MARKS: Dict[str, str] = {"O": "", "COMMA": ",", "PERIOD": ".", "QUESTION": "?", "HYPHEN": "-"}
JOIN = "HYPHEN"
# ``label_thresholds["punct"][NAME_JOIN]``: the HYPHEN probability a join needs before a word that comes out
# capitalized, after a capitalized word or a lowercase non-prefix (a name: "Du Fu", not "Du-Fu" or "du-Fu"), where
# the tagger's HYPHEN is far less often right than elsewhere (see :func:`hold_name_joins`).
NAME_JOIN = "HYPHEN_NAMES"
# Lowercase prefixes that a hyphen joins to a capitalized word ("anti-American", "mid-August", "all-American").
CAPITAL_PREFIXES = frozenset("""
all anti counter cross ex half inter intra mid multi neo non pan post pre pro proto pseudo quasi semi sub super
trans ultra un
""".split())
# ``label_thresholds["case"][PLAIN_ACRONYM]``: the ACRONYM probability a word needs when dictionaries write it in
# lowercase or capitalized and never in capitals ("sprint", "caffeine"; see :func:`hold_plain_acronyms`).
PLAIN_ACRONYM = "ACRONYM_PLAIN"
MARK_TO_PUNCT: Dict[str, str] = {mark: label for label, mark in PUNCT_MARKS.items() if mark and label != JOIN}
SENTENCE_END: frozenset = frozenset({"PERIOD", "QUESTION"})

CASE_LABELS: Tuple[str, ...] = ("LOWER", "CAPITAL", "ACRONYM", "MIXED")
ITN_LABELS: Tuple[str, ...] = ("O", "B", "I")
# Optional fourth head: fillers ("um", "you know") and reparanda (words a speaker repeats or abandons before the
# repair). Models trained without it load and behave as before; removal is a user option.
DISFL_LABELS: Tuple[str, ...] = ("O", "FILLER", "REPARANDUM")
# ``label_thresholds["disfl"][REPEATED]``: the REPARANDUM probability a word needs when it is the first copy of one
# to three words said again right after it, past any words labeled FILLER ("i i think", "we should uh we should
# go"), where the head's REPARANDUM is far more often right than elsewhere (see :func:`mark_repeated_reparanda`).
REPEATED = "REPARANDUM_REPEATED"
REPEAT_LONGEST = 3
# Fillers of two words: removed whole or kept whole ("you know" never leaves "know" behind).
FILLER_PHRASES: Tuple[Tuple[str, str], ...] = (("you", "know"), ("i", "mean"))
DISFLUENCY_MODES: Tuple[str, ...] = ("keep", "fillers", "all")

# Semiotic classes of ITN spans (the data pipeline tags each span pair with one of them).
ITN_CLASSES: Tuple[str, ...] = (
    "cardinal", "ordinal", "decimal", "fraction", "money", "percent", "measure", "date", "year",
    "time", "telephone", "card", "ssn", "zip", "address", "electronic", "range", "acronym",
    "abbreviation", "alnum",
)
MIXED_CLASS = "mixed"
PLAIN_CLASS = "plain"


def apply_case(word: str, label: str) -> str:
    """Return ``word`` (spoken, lowercase) written with the case ``label``.

    ``ACRONYM`` upper-cases every letter but keeps a possessive ``'s`` lowercase (``nasa's`` → ``NASA's``);
    ``MIXED`` words are rewritten by stage 2 and come back unchanged here.
    """
    if not word or label == "LOWER" or label == "MIXED":
        return word
    if label == "CAPITAL":
        return word[0].upper() + word[1:]
    if label == "ACRONYM":
        if word.endswith("'s") and len(word) > 2:
            return word[:-2].upper() + "'s"
        return word.upper()
    raise ValueError(f"unknown case label {label!r}")


# A mixed-case name: a name prefix ("McCoy", "O'Brien", "LaRue", "DiCaprio"), a one- or two-letter lowercase
# prefix ("iPod", "mRNA", "eBook"), capitalized parts of 2+ letters ("PowerPoint", "YouTube"), or an acronym with
# a plural or verb ending ("CDs", "IDed").
_MIXED_SHAPE = re.compile(r"(?:Mc|Mac|O'|L'|D'|La|Le|De|Di|Da|Du|Van|Von|[a-z]{1,2})?(?:[A-Z][a-z']{2,}|[A-Z]{2,}[a-z']?)*"
                          r"[A-Z][a-z']{2,}|(?:[a-z]{1,2})[A-Z]{2,}|[A-Z]{2,}(?:'?s|'?d|ed|ing)")


def mixed_case_shaped(form: str) -> bool:
    """Whether ``form`` has the shape of a mixed-case name or brand ("McCoy", "iPod", "PowerPoint", "McDonald's")
    rather than of a casing slip ("HeIsman", "AmeriKa") or an abbreviation ("ChemE")."""
    return bool(_MIXED_SHAPE.fullmatch(form))


_ACRONYM_POSSESSIVE = re.compile(r"([A-Z]{2,})['’]s")


def plural_acronym(written: str, spoken: str, counted: bool = False) -> Optional[str]:
    """An acronym written with "'s" where the word was said without an apostrophe ("guis" written "GUI's"), or
    where its words say a plural (``counted``: "two kpi's", as NeMo's normalizer reads "two KPIs", or "sme's to";
    :func:`.short_forms.said_as_plural`), as the plural it is ("GUIs", "KPIs"); ``None`` elsewhere ("nasa's" stays
    NASA's)."""
    match = _ACRONYM_POSSESSIVE.fullmatch(written.strip())
    said = spoken.strip().lower()
    if match is None or said not in (match.group(1).lower() + "s", match.group(1).lower() + "'s" if counted else ""):
        return None
    return match.group(1) + "s"


def case_label(written: str) -> str:
    """The case label that turns ``written.lower()`` back into ``written``."""
    spoken = written.lower()
    if written == spoken:
        return "LOWER"
    for label in ("CAPITAL", "ACRONYM"):
        if apply_case(spoken, label) == written:
            return label
    return "MIXED"


def split_trailing_punct(token: str) -> Tuple[str, str]:
    """Split a written token into (word, punct label) on one trailing ``,`` ``.`` or ``?``."""
    if len(token) > 1 and token[-1] in MARK_TO_PUNCT:
        return token[:-1], MARK_TO_PUNCT[token[-1]]
    return token, "O"


def split_hyphenated(word: str) -> List[str]:
    """The parts of a letters-only hyphenated compound ("well-known" → ["well", "known"]); ``[word]`` otherwise."""
    parts = word.split("-")
    if len(parts) > 1 and all(p[:1].isalpha() and p[-1:].isalpha() for p in parts):
        return parts
    return [word]


def bio_spans(itn: Sequence[str]) -> List[Tuple[int, int]]:
    """Decode BIO labels into ``[start, end)`` spans; an ``I`` with no open span starts one."""
    spans: List[Tuple[int, int]] = []
    start = None
    for i, label in enumerate(itn):
        if label == "B" or (label == "I" and start is None):
            if start is not None:
                spans.append((start, i))
            start = i
        elif label == "O" and start is not None:
            spans.append((start, i))
            start = None
    if start is not None:
        spans.append((start, len(itn)))
    return spans


def close_last_sentence(punct: List[str]) -> List[str]:
    """``punct`` with its last label a sentence end: a complete text never stops on a comma, a hyphen or nothing
    ("..., etcetera," → "..., etcetera."); a question mark stays."""
    if punct and punct[-1] not in SENTENCE_END:
        return [*punct[:-1], "PERIOD"]
    return list(punct)


def apply_label_thresholds(probs: Sequence[Sequence[float]], names: Sequence[str], argmax: Sequence[str],
                           thresholds: Dict[str, float]) -> List[str]:
    """Per-word labels where a label listed in ``thresholds`` is chosen exactly when its probability reaches its
    threshold (the likeliest such label if several do); otherwise the likeliest label not listed stands.

    A threshold below the argmax's reach lifts a label that a classifier under-predicts (MIXED case: McDonald's,
    iPhone); one above 0.5 keeps a label that it over-predicts (HYPHEN) for the words it is sure of. ``probs`` is
    words × labels in the order of ``names``.
    """
    unknown = set(thresholds) - set(names)
    if unknown:
        raise ValueError(f"no such label(s) {sorted(unknown)}; labels are {list(names)}")
    if not thresholds:
        return list(argmax)
    table = np.asarray(probs, dtype=np.float64).reshape(len(argmax), len(names))
    columns = sorted((names.index(label) for label in thresholds), reverse=True)  # ties: the later label wins
    listed = table[:, columns]
    reached = listed >= np.asarray([thresholds[names[j]] for j in columns], dtype=np.float64)
    best = np.where(reached, listed, -1.0).argmax(axis=1)
    unlisted = table.copy()
    unlisted[:, columns] = -1.0
    fallback = unlisted.argmax(axis=1)
    out = list(argmax)
    hit = reached.any(axis=1)
    for i in np.flatnonzero(hit):
        out[i] = names[columns[best[i]]]
    listed_argmax = np.isin(np.asarray(out, dtype=object), list(thresholds))
    for i in np.flatnonzero(listed_argmax & ~hit):
        out[i] = names[fallback[i]]
    return out


def likeliest_without(probs: Sequence[Sequence[float]], names: Sequence[str], label: str,
                      thresholds: Dict[str, float]) -> List[str]:
    """Each row's likeliest label other than ``label`` under ``thresholds`` (:func:`apply_label_thresholds`):
    what a word gets when its ``label`` is taken back. ``probs`` is rows × labels in the order of ``names``."""
    rows = np.asarray(probs, dtype=np.float64).reshape(-1, len(names)).copy()
    rows[:, list(names).index(label)] = -1.0
    others = {name: value for name, value in thresholds.items() if name != label}
    return apply_label_thresholds(rows, names, [names[int(r.argmax())] for r in rows], others)


def hold_name_joins(punct: Sequence[str], probs: Sequence[Sequence[float]], names: Sequence[str],
                    case: Sequence[str], threshold: float, thresholds: Dict[str, float],
                    words: Optional[Sequence[str]] = None) -> List[str]:
    """``punct`` where a HYPHEN before a word whose case label is not LOWER stands only if its probability reaches
    ``threshold``, when the word before is not LOWER either ("Li-Bai") or, given the spoken ``words``, is a
    lowercase word other than a prefix ("du-Fu", not "anti-American": :data:`CAPITAL_PREFIXES`); a word below it
    takes its likeliest other label under the head's ``thresholds``. ``probs`` is words × punctuation labels in the
    order of ``names``."""
    held = [i for i in range(len(punct) - 1) if punct[i] == JOIN and case[i + 1] != "LOWER"
            and (case[i] != "LOWER" or (words is not None and words[i].lower() not in CAPITAL_PREFIXES))]
    return _hold_below(punct, held, probs, names, JOIN, threshold, thresholds)


def _hold_below(labels: Sequence[str], held: Sequence[int], probs: Sequence[Sequence[float]],
                names: Sequence[str], label: str, threshold: float, thresholds: Dict[str, float]) -> List[str]:
    """``labels`` where each word of ``held`` (all labeled ``label``) whose probability of it is below
    ``threshold`` takes its likeliest other label under ``thresholds`` (:func:`likeliest_without`)."""
    out = list(labels)
    if not held:
        return out
    table = np.asarray(probs, dtype=np.float64).reshape(len(out), len(names))
    column = list(names).index(label)
    weak = [i for i in held if table[i, column] < threshold]
    if weak:
        for i, other in zip(weak, likeliest_without(table[weak], names, label, thresholds)):
            out[i] = other
    return out


def hold_plain_acronyms(case: Sequence[str], probs: Sequence[Sequence[float]], names: Sequence[str],
                        words: Sequence[str], plain: Container[str], threshold: float,
                        thresholds: Dict[str, float]) -> List[str]:
    """``case`` where an ACRONYM on a spoken word in ``plain`` (words never written in capitals, e.g.
    :class:`.lexicon.PlainWords`) stands only if its probability reaches ``threshold``, and never on "led" where
    the verb's words follow it ("LED by" → "led by"); a word held takes its likeliest other label under the head's
    ``thresholds`` ("SPRINT" → "sprint"). ``probs`` is words × case labels in the order of ``names``."""
    held = [i for i, label in enumerate(case) if label == "ACRONYM" and words[i] in plain]
    verbs = [i for i, label in enumerate(case) if label == "ACRONYM" and led_verb(words, i)]
    out = _hold_below(case, held, probs, names, "ACRONYM", threshold, thresholds)
    return _hold_below(out, verbs, probs, names, "ACRONYM", 1.01, thresholds)  # no probability makes a verb "LED"


# What follows "led", the verb, and never the diode: an agent, a score, an object, a direction ("led by Tiger Ridge",
# "led 5-3", "led the charge", "led to", "led us").
_AFTER_LED_VERB = frozenset("""
by to the a his her their its our my your them him us me off into in up on nil zero one two three four five six seven
eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty
sixty seventy eighty ninety
""".split())


def led_verb(words: Sequence[str], i: int) -> bool:
    """Whether ``words[i]`` is "led", the past of "lead", by the word after it ("led by", "led 5-3", "led the";
    a light is "an LED", "LED lighting")."""
    if words[i].lower() != "led" or i + 1 >= len(words):
        return False
    after = words[i + 1].lower()
    return after in _AFTER_LED_VERB or after[:1].isdigit()


# Words that neither begin nor end a hyphenated compound, though they may stand inside one ("state-of-the-art"):
# a hyphen that joins one of them at a compound's edge ("of-cost", "weapons of-war", "by-field") is the tagger's
# slip. Not "a" and "to", which old and British text join ("A-level", "to-day").
_NOT_AT_EDGE = frozenset("the of and or but nor for with from at by is was".split())
# Words that join a word said on both sides of them into one compound ("hand-to-hand", "side-by-side").
_LINKS = frozenset("to by on in and for of a".split())


def out_of_span(itn: List[str], i: int) -> None:
    """Take word ``i`` out of its BIO span in ``itn``, in place; the word after it starts what is left."""
    if itn[i] != "O":
        itn[i] = "O"
        if i + 1 < len(itn) and itn[i + 1] == "I":
            itn[i + 1] = "B"


# Ordinals that open a compound ("first-class", "second-hand"), the words they open one with, and the scale words a
# number before them ends in.
_COMPOUND_ORDINALS = frozenset("first second third".split())
_ORDINAL_COMPOUND_ENDS = frozenset("class time timer timers hand party parties rate degree generation person".split())
_SCALE_ENDS = frozenset("hundred thousand million billion".split())


def joined_letters(words: Sequence[str], punct: Sequence[str], itn: Sequence[str]) -> List[str]:
    """``itn`` (BIO) with each span of a single letter that a hyphen joins to the next word taken out: the letter is
    written as said, part of the compound ("v neck" is V-neck, not "V.-neck" with an abbreviation's dot), and so is
    "saint" ("saint denis" is Saint-Denis, not "St.-Denis"). Likewise
    an ordinal that opens a compound after a number's scale word (joined to the next word, or before a word of
    :data:`_ORDINAL_COMPOUND_ENDS`): "eleven thousand first class runs" is 11,000 first-class runs, not "11,001st
    class"."""
    out = list(itn)
    for start, end in bio_spans(itn):
        if end - start == 1 and punct[start] == JOIN and (
                (len(words[start]) == 1 and words[start].isalpha()) or words[start].lower() == "saint"):
            out_of_span(out, start)
        elif (end - start > 1 and words[end - 1].lower() in _COMPOUND_ORDINALS and words[end - 2].lower() in _SCALE_ENDS
              and (punct[end - 1] == JOIN or (end < len(words) and words[end].lower() in _ORDINAL_COMPOUND_ENDS))):
            out_of_span(out, end - 1)
    return out


# Temperature scales named after people: a capital always, and never a span of their own ("CELssIus").
_SCALES = frozenset("celsius fahrenheit".split())


def scale_names(words: Sequence[str], case: Sequence[str], itn: Sequence[str]) -> Tuple[List[str], List[str]]:
    """``case`` and ``itn`` with "celsius" and "fahrenheit" capitalized and outside any span to convert ("100
    degrees Celsius"; a tagger unsure of the word writes it lowercase or sends it alone to stage 2)."""
    out_case, out_itn = list(case), list(itn)
    for i, word in enumerate(words):
        if word.lower() in _SCALES:
            out_case[i] = "CAPITAL"
            out_of_span(out_itn, i)
    return out_case, out_itn


def address_at_cut(words: Sequence[str], itn: Sequence[str]) -> List[str]:
    """ITN BIO labels with the "at" that starts a span of a web address said with "dot" left out of it: in "log in
    at my dot bank dot com" the address is my.bank.com, which stage 2 writes "@my.bank.com" or garbles when it
    gets the "at" (an email's "at" has its name before it, in the span: "jo at acme dot com"). After "email", or
    where it names a shared mailbox ("bookings", "info"), or a few words after an email or an address was spoken
    of (:data:`_EMAIL_CUES`), the word before the "at" is that name, left out of the span: it is put in ("email
    volunteers at hospice dot org" is volunteers@hospice.org, "bookings at acme dot co dot uk" bookings@acme.co.uk,
    "forward the email ... to phishing at corvallis dash group dot com" phishing@corvallis-group.com; not "email us
    at ...")."""
    out = list(itn)
    for start, end in bio_spans(itn):
        said = [w.lower() for w in words[start:end]]
        if "dot" not in said[1:]:
            continue
        at = start if said[0] == "at" else start - 1 if start and words[start - 1].lower() == "at" else -1
        name = at - 1  # "email volunteers at hospice dot org": the name the span left out
        # an email spoken of shortly before: the name joins an address with no "at" or path of its own, and not
        # after a word that makes it a noun of its own ("at any time at streamvista dot com slash account")
        cued = ("at" not in said[1:] and "slash" not in said and name > 0
                and words[name - 1].lower() not in _DETERMINERS
                and any(w.lower() in _EMAIL_CUES for w in words[max(0, name - _EMAIL_REACH):name]))
        if (name >= 0 and out[name] == "O" and words[name].isalpha() and words[name].lower() not in _NOT_A_NAME
                and (words[name].lower() in _MAILBOXES or (name and words[name - 1].lower() in _EMAIL_VERBS)
                     or cued)):
            out[name:end] = ["B"] + ["I"] * (end - name - 1)
        elif at == start and end - start >= 4 and "dot" in said[2:]:
            out[start], out[start + 1] = "O", "B"
    return out


# Verbs said before an email address, and words after them that are no name of one ("email us at acme dot com").
_EMAIL_VERBS = frozenset("email e-mail emailing emailed".split())
# Names of shared mailboxes, said before "at" and a domain only as an address ("bookings at acme dot co dot uk").
_MAILBOXES = frozenset("""
info bookings booking sales support accounts admin hello contact enquiries inquiries help office jobs careers press
media team billing orders service reception events invoices hr recruitment feedback complaints
""".split())
_NOT_A_NAME = frozenset("us me him her them it you everyone anyone someone".split())
# Words that speak of an email shortly before its address ("forward the email as an attachment to phishing at ...",
# "the address on your account: operations at ..."), and how many words back they count.
_EMAIL_CUES = _EMAIL_VERBS | frozenset("emails address mail inbox mailbox".split())
_EMAIL_REACH = 8
_DETERMINERS = frozenset("a an the any some every each no this that these those".split())


def _latin(word: str) -> bool:
    """Whether ``word`` has a Latin letter or an ASCII digit ("Fusō", "4G"; not "하세요", "❤️")."""
    return any(ch.isascii() and ch.isalnum() or "LATIN" in unicodedata.name(ch, "") for ch in word)


def loose_edge_joins(words: Sequence[str], punct: Sequence[str]) -> List[str]:
    """``punct`` without a hyphen that joins a function word at the start or the end of a hyphenated compound
    ("of-cost" is "of cost", "war-of" is "war of"); inside a longer compound such a word stays ("up-to-date"),
    and a word said on both sides of it makes one compound of all three ("hand to-hand" is "hand-to-hand").
    Nor a hyphen beside a word with no Latin letter or digit: the compounds the tagger learnt are English ("안녕
    하세요 1️⃣" is no "하세요-1️⃣")."""
    out = list(punct)
    for i in range(len(out) - 1):
        if out[i] == JOIN and not (_latin(words[i]) and _latin(words[i + 1])):
            out[i] = "O"
    lowered = [w.lower() for w in words]
    for i in range(1, len(out) - 1):
        if (lowered[i] in _LINKS and lowered[i - 1] == lowered[i + 1] and JOIN in (out[i - 1], out[i])
                and {out[i - 1], out[i]} <= {"O", JOIN}):
            out[i - 1] = out[i] = JOIN
    i = 0
    while i < len(out) - 1:
        if out[i] != JOIN:
            i += 1
            continue
        end = i
        while end < len(out) - 1 and out[end] == JOIN:
            end += 1  # words[i..end] are one compound
        if lowered[i] in _NOT_AT_EDGE:
            out[i] = "O"
            i += 1
            continue
        if lowered[end] in _NOT_AT_EDGE:
            out[end - 1] = "O"
            continue  # the shorter compound is looked at again
        i = end
    return out


_FRACTION_TAIL = ("and", "a")
_FRACTION_END = frozenset({"half", "quarter"})


def whole_fraction_joins(words: Sequence[str], punct: Sequence[str]) -> List[str]:
    """``punct`` where "X and a half" (or "and a quarter") is hyphenated whole or not at all: a chain the tagger
    joined only in part loses its hyphens ("one and a-half hours" is "one and a half hours"), unless it is joined
    to the noun after it, which makes it one compound modifier ("a two-and-a-half-year-old boy")."""
    out = list(punct)
    for i in range(1, len(words) - 2):
        if tuple(w.lower() for w in words[i:i + 2]) != _FRACTION_TAIL or words[i + 2].lower() not in _FRACTION_END:
            continue
        joints = range(i - 1, i + 2)
        if out[i + 2] == JOIN:
            for j in joints:
                out[j] = JOIN
        elif any(out[j] == JOIN for j in joints) and not all(out[j] == JOIN for j in joints):
            for j in joints:
                if out[j] == JOIN:
                    out[j] = "O"
    return out


# Superlatives that make one compound modifier with a participle after them ("best-selling", "highest-grossing"),
# and the participles (many words in -ing are nouns: "the best thing", "the biggest meeting").
_SUPERLATIVES = frozenset("best highest lowest top fastest biggest largest longest worst".split())
_BEFORE_NO_NOUN = _NOT_AT_EDGE | _LINKS  # function words: what comes after them is no compound's noun
_PARTICIPLES = frozenset("""
selling grossing performing growing paying paid ranking ranked rated known earning scoring charting viewed watched
attended funded populated priced loved dressed placed seeded finishing running serving reviewed
""".split())


_DETERMINERS = frozenset("the its their his her our my your".split())
_RANKS = frozenset("second third fourth fifth sixth seventh eighth ninth tenth".split())
_RANKED = frozenset("""
largest highest biggest most least best worst oldest longest tallest busiest richest smallest lowest fastest
greatest strongest deadliest wealthiest youngest heaviest hottest coldest wettest driest closest shortest deepest
widest brightest costliest
""".split())


def ranked_superlative_joins(words: Sequence[str], punct: Sequence[str]) -> List[str]:
    """``punct`` with an ordinal hyphenated to the superlative after it ("the second largest city" is "the
    second-largest city", "third most populous" "third-most populous"), where no mark stands between them or,
    after a determiner, only a comma."""
    out = list(punct)
    for i in range(len(words) - 1):
        # after "the" or "its" a comma between them is the tagger's slip: "the second, oldest" is no list
        determined = i > 0 and (words[i - 1].lower() in _DETERMINERS or words[i - 1].lower().endswith("'s"))
        if (words[i].lower() in _RANKS and words[i + 1].lower() in _RANKED
                and (out[i] == "O" or (out[i] == "COMMA" and determined))):
            out[i] = JOIN
    return out


# Combining forms of nations and peoples, hyphenated to the name after them ("Sino-Japanese", "Anglo-Saxon").
_COMBINING_FORMS = frozenset("""
sino russo franco anglo austro indo afro greco italo judeo hispano luso serbo czecho germano turko irano nippo
dano swedo polono hiberno scoto
""".split())


# Honours of sport named "All-" before a nation or a team ("an All-American end", "the All-Star Game").
_ALL_HONOURS = frozenset("american americans america ireland star stars pro pros".split())


def combining_form_joins(words: Sequence[str], punct: Sequence[str], case: Sequence[str]
                         ) -> Tuple[List[str], List[str]]:
    """``punct`` and ``case`` with a combining form of a nation hyphenated to the name the tagger capitalizes
    after it, both capitalized ("the sino japanese war" is "the Sino-Japanese war"); not before a word in
    lowercase ("an afro hairstyle"). Likewise "All-" before an honour of :data:`_ALL_HONOURS` that the tagger
    hyphenates or capitalizes ("a consensus all american" is "a consensus All-American"; "all-star" stays so
    unless the tagger capitalizes "star"), but never "all americans" said with neither ("all Americans agree")."""
    out_punct, out_case = list(punct), list(case)
    for i in range(len(words) - 1):
        lowered = words[i].lower()
        if (lowered in _COMBINING_FORMS and out_punct[i] == "O" and out_case[i + 1] == "CAPITAL"
                and words[i + 1].isalpha()):
            out_punct[i] = JOIN
            out_case[i] = "CAPITAL"
        elif (lowered == "all" and words[i + 1].lower() in _ALL_HONOURS and out_punct[i] in ("O", JOIN)
              and out_case[i + 1] == "CAPITAL"
              and (out_punct[i] == JOIN or (out_case[i] == "CAPITAL" and i and out_punct[i - 1] not in SENTENCE_END))):
            out_punct[i] = JOIN
            out_case[i] = "CAPITAL"
    return out_punct, out_case


def born_joins(words: Sequence[str], punct: Sequence[str], case: Sequence[str]) -> Tuple[List[str], List[str]]:
    """``punct`` and ``case`` with a place or nationality hyphenated to "born" before the noun it describes ("a
    scottish born physicist" is "a Scottish-born physicist", never "Scottish-Born"): a word the tagger capitalizes,
    not at a sentence's start, then "born" and a word that is no function word, with no mark between."""
    out_punct, out_case = list(punct), list(case)
    for i in range(1, len(words) - 2):
        if (words[i + 1].lower() == "born" and case[i] == "CAPITAL" and words[i].isalpha()
                and out_punct[i - 1] not in SENTENCE_END and out_punct[i] == "O" and out_punct[i + 1] == "O"
                and words[i + 2].isalpha() and words[i + 2].lower() not in _BEFORE_NO_NOUN):
            out_punct[i] = JOIN
            out_case[i + 1] = "LOWER"
    return out_punct, out_case


# Compounds of two words and "to" written with hyphens before the noun they describe ("end-to-end encryption", "a
# free-to-play game"), which a speaker also says where no noun follows ("placed end to end", "from day to day").
_TO_COMPOUNDS = frozenset(tuple(pair.split("-")) for pair in """
back-back end-end one-one face-face day-day door-door peer-peer business-business business-consumer person-person
coast-coast head-head hand-hand heart-heart year-date month-month up-date free-play free-air free-use ready-wear
ready-eat ready-use ready-assemble ready-drink nice-have wall-wall bumper-bumper rags-riches mouth-mouth
made-order made-measure point-point cradle-grave farm-table one-many many-many many-one
""".split())
# Words after which a compound has no noun to describe ("day to day the", "face to face yesterday").
NO_NOUN_AFTER = _BEFORE_NO_NOUN | frozenset("""
an are were be been being has have had will would can could should may might must do does did this that these those
it its we you they i he she so if when while as than then there here now again too also only not yet ever today
tomorrow yesterday please um uh which who where
""".split())


def to_compound_joins(words: Sequence[str], punct: Sequence[str]) -> List[str]:
    """``punct`` with the compounds of :data:`_TO_COMPOUNDS` hyphenated where a word that may be their noun comes
    after them with no mark between ("end to end encryption" is "end-to-end encryption", "back to back titles"
    "back-to-back titles"); not at a mark or before a function word ("placed end to end.", "from day to day
    the")."""
    out = list(punct)
    lowered = [w.lower() for w in words]
    for i in range(len(words) - 3):
        if (lowered[i + 1] == "to" and (lowered[i], lowered[i + 2]) in _TO_COMPOUNDS
                and all(label in ("O", JOIN) for label in out[i:i + 2]) and out[i + 2] == "O"
                and words[i + 3].isalpha() and lowered[i + 3] not in NO_NOUN_AFTER):
            out[i] = out[i + 1] = JOIN
    return out


def superlative_joins(words: Sequence[str], punct: Sequence[str]) -> List[str]:
    """``punct`` with a superlative hyphenated to the participle after it where the two come before a noun ("the
    best selling album" is "the best-selling album", "the highest grossing film" "the highest-grossing film"):
    not before a function word or a mark ("she is best known for"), not a noun in "-ing" ("the best thing"), and
    not "most", whose "most exciting" is no compound."""
    out = list(punct)
    for i in range(len(words) - 2):
        participle = words[i + 1].lower()
        if (words[i].lower() in _SUPERLATIVES and out[i] == "O" and out[i + 1] == "O"
                and participle in _PARTICIPLES and words[i + 2].isalpha()
                and words[i + 2].lower() not in _BEFORE_NO_NOUN):
            out[i] = JOIN
    return out


# Vessels named by class ("a Town-class light cruiser"), with the words that may stand between the class and them.
_VESSELS = frozenset("""
battleship battleships cruiser cruisers destroyer destroyers frigate frigates submarine submarines carrier carriers
corvette corvettes ship ships vessel vessels dreadnought dreadnoughts ironclad ironclads gunboat gunboats sloop
sloops minesweeper minesweepers liner liners tanker tankers icebreaker icebreakers airship airships locomotive
locomotives
""".split())
_VESSEL_KINDS = frozenset("""
light heavy armoured armored protected escort aircraft attack battle guided missile patrol ocean steam cargo
passenger submarine fleet landing
""".split())
# Words before "class" that say a rank or a kind, not a name ("a first class ship", "a world class carrier").
_NOT_CLASS_NAMES = frozenset("""
first second third business economy world middle working upper lower high top the a an this that same new one
""".split())


def has_vowel(word: str) -> bool:
    """Whether ``word`` has a vowel letter (y counts): letters without one are said one by one ("hd", "wc")."""
    return any(ch in "aeiouy" for ch in word.lower())


def vessel_class_joins(words: Sequence[str], punct: Sequence[str], case: Sequence[str]
                       ) -> Tuple[List[str], List[str]]:
    """``punct`` and ``case`` with the name of a class of ships hyphenated to "class" and capitalized where a
    vessel follows ("the ise class battleships" is "the Ise-class battleships", "a town class light cruiser" "a
    Town-class light cruiser"); not after a rank ("a first class ship")."""
    out_punct, out_case = list(punct), list(case)
    for i in range(1, len(words) - 1):
        if words[i].lower() != "class" or out_punct[i - 1] not in ("O", JOIN) or out_punct[i] != "O":
            continue
        name, j = words[i - 1], i + 1
        while j < len(words) - 1 and j - i <= 2 and words[j].lower() in _VESSEL_KINDS and out_punct[j] == "O":
            j += 1
        if (words[j].lower() in _VESSELS and name.isalpha() and name.lower() not in _NOT_CLASS_NAMES
                and all(label == "O" for label in out_punct[i:j])):
            out_punct[i - 1] = JOIN
            if out_case[i - 1] == "LOWER" or (out_case[i - 1] == "ACRONYM" and has_vowel(name)):
                out_case[i - 1] = "CAPITAL"  # a ship's name: "Ise-class", not "ISE-class"
            out_case[i] = "LOWER"  # "Ise-class", not "Ise-Class"
    return out_punct, out_case


def repeated_first_copies(words: Sequence[str], skip: Sequence[bool], longest: int = REPEAT_LONGEST) -> np.ndarray:
    """Which of ``words`` belong to the first copy of one to ``longest`` words said again right after it, past any
    words marked in ``skip`` (fillers): "i i think" marks the first "i", "we should uh we should go" the first "we
    should". A skipped word is never part of a copy."""
    n = len(words)
    after = list(range(n + 1))  # after[j]: the first word at or after j that is not skipped
    for j in range(n - 1, -1, -1):
        if skip[j]:
            after[j] = after[j + 1]
    flags = np.zeros(n, dtype=bool)
    for start in range(n):
        for k in range(1, longest + 1):
            again = after[start + k] if start + k <= n else n
            if again + k > n or any(skip[start:start + k]):
                break
            if list(words[start:start + k]) == list(words[again:again + k]):
                flags[start:start + k] = True
    return flags


def mark_repeated_reparanda(disfl: Sequence[str], probs: Sequence[Sequence[float]], names: Sequence[str],
                            words: Sequence[str], threshold: float) -> List[str]:
    """``disfl`` where a word labeled O that starts a repetition (:func:`repeated_first_copies`, the words labeled
    FILLER skipped) becomes REPARANDUM once its REPARANDUM probability reaches ``threshold``. ``probs`` is words ×
    disfluency labels in the order of ``names``."""
    out = list(disfl)
    copies = repeated_first_copies(words, [label == "FILLER" for label in out])
    if not copies.any():
        return out
    reparandum = np.asarray(probs, dtype=np.float64).reshape(len(out), len(names))[:, list(names).index("REPARANDUM")]
    for i in np.flatnonzero(copies & (reparandum >= threshold)):
        if out[i] == "O":
            out[i] = "REPARANDUM"
    return out


def join_filler_phrases(disfl: Sequence[str], probs: Sequence[Sequence[float]], names: Sequence[str],
                        words: Sequence[str]) -> List[str]:
    """``disfl`` where a filler of two words (:data:`FILLER_PHRASES`) with one word labeled FILLER and the other not
    gets one label for both: FILLER when the two words' mean FILLER probability is at least 0.5, else the
    FILLER word takes the other's label. ``probs`` is words × disfluency labels in the order of ``names``."""
    out = list(disfl)
    filler = list(names).index("FILLER")
    table: Optional[np.ndarray] = None
    for i in range(len(out) - 1):
        if (words[i], words[i + 1]) not in FILLER_PHRASES or (out[i] == "FILLER") == (out[i + 1] == "FILLER"):
            continue
        if table is None:
            table = np.asarray(probs, dtype=np.float64).reshape(len(out), len(names))
        if (table[i, filler] + table[i + 1, filler]) / 2 >= 0.5:
            out[i] = out[i + 1] = "FILLER"
        elif out[i] == "FILLER":
            out[i] = out[i + 1]
        else:
            out[i + 1] = out[i]
    return out


@dataclass(frozen=True)
class ContextThresholds:
    """The thresholds of a ``label_thresholds`` table that hold in a context rather than for a label everywhere:
    :data:`NAME_JOIN` (:func:`hold_name_joins`), :data:`REPEATED` (:func:`mark_repeated_reparanda`) and
    :data:`PLAIN_ACRONYM` (:func:`hold_plain_acronyms`); ``None`` when unset."""

    name_join: Optional[float] = None
    repeated: Optional[float] = None
    plain_acronym: Optional[float] = None


CONTEXT_KEYS: Dict[Tuple[str, str], str] = {("punct", NAME_JOIN): "name_join", ("disfl", REPEATED): "repeated",
                                            ("case", PLAIN_ACRONYM): "plain_acronym"}
# the label that each context threshold decides, for scoring it
CONTEXT_LABEL: Dict[str, str] = {NAME_JOIN: JOIN, REPEATED: "REPARANDUM", PLAIN_ACRONYM: "ACRONYM"}


def split_context_thresholds(
        thresholds: Mapping[str, Mapping[str, float]]) -> Tuple[Dict[str, Dict[str, float]], ContextThresholds]:
    """A ``label_thresholds`` table as per-head label thresholds (:func:`apply_label_thresholds`) and its
    :class:`ContextThresholds`."""
    tables = {head: {k: v for k, v in table.items() if (head, k) not in CONTEXT_KEYS}
              for head, table in thresholds.items()}
    context = {field: thresholds[head][key] for (head, key), field in CONTEXT_KEYS.items()
               if key in thresholds.get(head, {})}
    return tables, ContextThresholds(**context)


def thresholded_labels(pred: Mapping[str, Sequence], names: Mapping[str, Sequence[str]],
                       tables: Mapping[str, Dict[str, float]], context: ContextThresholds = ContextThresholds(),
                       words: Optional[Sequence[str]] = None,
                       plain_words: Optional[Container[str]] = None) -> Dict[str, List[str]]:
    """The labels of one tagger prediction (argmax ``pred[head]`` and probabilities ``pred[head + "_probs"]``) for
    each head of ``tables`` under its thresholds, then the ``context`` thresholds: given the spoken ``words`` and
    the ``plain_words`` never written in capitals, the case under :func:`hold_plain_acronyms`; with a case head,
    the punctuation under :func:`hold_name_joins`; given the spoken ``words``, the disfluencies under
    :func:`join_filler_phrases` and :func:`mark_repeated_reparanda`. Heads not in ``tables`` and untouched by these
    are left out of the result. ``names`` gives each head's labels in the order of its probabilities."""
    out = {head: apply_label_thresholds(pred[f"{head}_probs"], names[head], pred[head], table)
           for head, table in tables.items()}
    if context.plain_acronym is not None and plain_words and words is not None and "case" in pred:
        out["case"] = hold_plain_acronyms(out.get("case", pred["case"]), pred["case_probs"], names["case"], words,
                                          plain_words, context.plain_acronym, tables.get("case", {}))
    if context.name_join is not None and "case" in pred:
        out["punct"] = hold_name_joins(out.get("punct", pred["punct"]), pred["punct_probs"], names["punct"],
                                       out.get("case", pred["case"]), context.name_join, tables.get("punct", {}),
                                       words)
    if "disfl" in pred and words is not None:
        disfl = join_filler_phrases(out.get("disfl", pred["disfl"]), pred["disfl_probs"], names["disfl"], words)
        if context.repeated is not None:
            disfl = mark_repeated_reparanda(disfl, pred["disfl_probs"], names["disfl"], words, context.repeated)
        out["disfl"] = disfl
    return out


def rejected_mixed_case(probs: Sequence[float], names: Sequence[str], thresholds: Dict[str, float],
                        plain_acronym: Optional[float] = None) -> str:
    """The case label for a word tagged MIXED whose mixed-case form was rejected: the likeliest other label under the
    same thresholds (``probs`` is the word's case probabilities in the order of ``names``), but never LOWER, since
    the tagger took the word for a name ("ceo" → "CEO" where ACRONYM is likely enough, else "Ceo"). For a plain
    word (:func:`hold_plain_acronyms`) ACRONYM needs ``plain_acronym`` ("sprint" is "Sprint", not "SPRINT")."""
    label = likeliest_without([probs], names, "MIXED", thresholds)[0]
    if label == "ACRONYM" and plain_acronym is not None and probs[list(names).index("ACRONYM")] < plain_acronym:
        label = "CAPITAL"
    return "CAPITAL" if label in ("LOWER", "MIXED") else label
