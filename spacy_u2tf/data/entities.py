"""Finding the written entities that need verbalizing (ITN spans) in cleaned text, in one regex pass.

Every token holding a digit or a symbol ends up inside an entity: the recognized classes first, then a generic
``alnum`` fallback, so nothing reaches the spoken side unverbalized. The master regex tries the classes in
priority order at each token start; a few cheap checks on the neighbouring tokens then refine the class (zip codes
after a state, acronyms in all-caps headings, docket numbers that look like ranges).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import List

from ..core.labels import split_hyphenated

MONTHS = ("January February March April May June July August September October November December").split()
MONTH_ABBR = {m[:3]: m for m in MONTHS} | {"Sept": "September"}
_MONTH = r"(?:" + "|".join(MONTHS) + r"|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?)"
_DAY = r"(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)?"
_YEAR4 = r"\d{4}"
_NUM = r"\d{1,3}(?:,\d{3})+|\d+"
_SCALE = r"(?: (?:thousand|million|billion|trillion))"
# Units that are also words ("in", "m", "g") count only when written against the number ("2g", "5m").
UNITS_SPACED = ("kg km cm mm mi ft yd yds lb lbs oz mg ml mL L gal mph kph km/h °C °F GB MB TB KB GHz MHz kHz Hz kW "
                "kWh hrs Mbps Gbps cc kcal").split() + ["sq ft", "sq mi"]
_UNITS_SPACED = "|".join(re.escape(u) for u in sorted(UNITS_SPACED, key=len, reverse=True))
_UNITS_ATTACHED = r"m|in|g|l|W|V|hr|min|sec|ms|°|k?m²|ft²"
SPELLED_ACRONYMS = frozenset(
    "FBI CIA CEO CFO CTO USA UK US EU UN TV DVD CD PC NBA NFL NHL MLB BBC CNN ATM ID IT HR PR DJ DC LA NYC IRS DNA "
    "HIV MRI ICU ER MBA MD BA BS MA UPS USB GPS ABC CBS NBC HBO IBM HP BMW VIP FAQ PDF URL API SUV RV ATV EPA "
    "FDA FCC SEC DOJ DMV NYPD LAPD IQ TB JFK FDR GOP BC AD AI AOL EEOC FTC FAA".split())
# All-caps words that are not spelled: titles written in capitals, and words of capitalized headings.
_NOT_ACRONYMS = frozenset("MR MRS MS DR ST MT OK I A AN BY MY OF TO IN ON AT OR SO NO GO DO BE WE HE ME IS AS IF UP "
                          "AM HI OH".split())
STATES = frozenset(
    "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR "
    "PA RI SC SD TN TX UT VT VA WA WV WI WY DC Alabama Alaska Arizona Arkansas California Colorado Connecticut "
    "Delaware Florida Georgia Hawaii Idaho Illinois Indiana Iowa Kansas Kentucky Louisiana Maine Maryland "
    "Massachusetts Michigan Minnesota Mississippi Missouri Montana Nebraska Nevada Hampshire Jersey Mexico York "
    "Carolina Dakota Ohio Oklahoma Oregon Pennsylvania Island Tennessee Texas Utah Vermont Virginia Washington "
    "Wisconsin Wyoming Columbia code zip ZIP Zip".split())
STREET_TYPES = {"Street": "street", "St": "street", "Avenue": "avenue", "Ave": "avenue", "Road": "road",
                "Rd": "road", "Boulevard": "boulevard", "Blvd": "boulevard", "Drive": "drive", "Dr": "drive",
                "Lane": "lane", "Ln": "lane", "Way": "way", "Court": "court", "Ct": "court", "Place": "place",
                "Pl": "place", "Plaza": "plaza", "Parkway": "parkway", "Pkwy": "parkway", "Highway": "highway",
                "Hwy": "highway", "Terrace": "terrace", "Circle": "circle", "Cir": "circle", "Square": "square",
                "Sq": "square", "Trail": "trail", "Alley": "alley", "Expressway": "expressway", "Row": "row",
                "Walk": "walk", "Pike": "pike", "Loop": "loop"}
COMPASS = {"N": "north", "S": "south", "E": "east", "W": "west", "NE": "northeast", "NW": "northwest",
           "SE": "southeast", "SW": "southwest", "North": "north", "South": "south", "East": "east", "West": "west",
           "Northeast": "northeast", "Northwest": "northwest", "Southeast": "southeast", "Southwest": "southwest"}
# Abbreviated street types keep their dot ("St."); full words leave a sentence's period outside ("Blue Jays Way.").
_STREET = "|".join(sorted((re.escape(k) + (r"\.?" if v != k.lower() else "") for k, v in STREET_TYPES.items()),
                          key=len, reverse=True))
_STREET_LOWER = "|".join(k.lower() for k in STREET_TYPES if len(k) > 4)
_COMPASS = r"(?:North|South|East|West|N|S|E|W)\.?|Northeast|Northwest|Southeast|Southwest|NE|NW|SE|SW"
ABBREVIATION_WORDS = (r"Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|vs|v|etc|Mt|Ft|Gen|Gov|Sen|Rep|Lt|Col|Capt|Sgt|Inc|Co|Ltd|Corp"
                      r"|Ave|Blvd|Rd|Bros|Dept|Univ|approx|al|cf|MR|MRS|DR|ST")
_END = r"(?=[,.?]?(?:\s|$))"

_PATTERNS = [
    ("electronic", r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?://\S+?|www\.[\w-]+(?:\.[\w-]+)+(?:/\S*?)?|"
                   r"[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|edu|gov|io|ai|co\.uk|info|biz|us|tv)(?:/\S*?)?"),
    ("card", r"\d{4}(?:[ -]\d{4}){3}|\d{4}[ -]\d{6}[ -]\d{5}"),
    ("ssn", r"\d{3}-\d{2}-\d{4}"),
    ("zip", r"\d{5}-\d{4}"),
    ("telephone", r"\+\d{1,3}(?:[ .-]\d{2,4}){2,4}|(?:1[ .-])?\d{3}(?:[.-]| (?=\d{3}-))\d{3}[.-]\d{4}|\d{3}-\d{4}"),
    ("time", r"(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?: ?(?:[ap]\.m\.|[AP]\.M\.|[AP]M|[ap]m))?|"
             r"(?:1[0-2]|0?\d) ?(?:[ap]\.m\.|[AP]\.M\.|[AP]M|[ap]m)|(?:1[0-2]|0?\d) o'clock"),
    ("date", rf"{_MONTH} {_DAY}(?:,? {_YEAR4})?|(?:[Tt]he )?{_DAY} (?:of )?{_MONTH}(?:,? {_YEAR4})?|"
             rf"{_MONTH},? {_YEAR4}|(?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])/(?:\d{{4}}|\d\d)|"
             r"\d{4}-(?:1[0-2]|0[1-9])-(?:3[01]|[12]\d|0[1-9])"),
    ("money", rf"-?(?:[$€£¥]|US\$|(?:USD|EUR|GBP) ?)(?:{_NUM})(?:\.\d+)?(?:{_SCALE}|[kKM]|bn|B)?"
              rf"(?:-[$€£¥]?(?:{_NUM})(?:\.\d+)?(?:{_SCALE}|[kKM]|bn|B)?)?|"
              rf"(?:{_NUM})(?:\.\d+)?{_SCALE}? (?:cents|dollars|euros|pounds|bucks)"),
    ("percent", rf"-?(?:{_NUM})?(?:\.\d+)?%|-?(?:{_NUM})(?:\.\d+)? percent"),
    ("address", rf"\d{{1,5}}[A-Z]?(?:-\d{{1,4}})? (?:(?:{_COMPASS}) )?(?:(?:[A-Z][A-Za-z']*|\d+(?:st|nd|rd|th)) ){{1,3}}"
                rf"(?:{_STREET}|{_STREET_LOWER})(?: (?:{_COMPASS}))?(?![\w'])"),
    ("measure", rf"-?(?:{_NUM})(?:\.\d+)?(?: ?(?:{_UNITS_SPACED})|(?:{_UNITS_ATTACHED}))(?![\w/²])"),
    ("range", r"\d+(?:\.\d+)?-\d+(?:\.\d+)?"),
    ("fraction", r"(?:\d+ )?\d+/\d+"),
    ("ordinal", r"\d+(?:st|nd|rd|th)"),
    ("year", r"(?:1\d|20)\d0'?s|'?\d0'?s|(?:1\d|20)\d\d(?!,\d)"),
    ("decimal", rf"-?(?:{_NUM})?\.\d+{_SCALE}?"),
    ("cardinal", rf"-?(?:{_NUM}){_SCALE}?"),
    ("abbreviation", rf"(?:{ABBREVIATION_WORDS})\.|No\.(?= \d)|Nos\.(?= \d)|[eE]\.g\.?|[iI]\.e\.?|"
                     r"(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\."),
    ("acronym", r"[A-Z](?:\.[A-Z])+\.?(?:'s)?|[A-Z]{2,5}(?:'s|s)?"),
    # Any other token holding a digit, an underscore or a symbol (not a letter of any script, not an apostrophe),
    # or a , . ? inside it ("Sorry,there").
    ("alnum", r"\S*?(?:[\d_]|[^\w\s',.?]|[,.?](?=[^\s,.?]))\S*?"),
]
_MASTER = re.compile(
    r"(?<!\S)(?:" + "|".join(f"(?P<{name}>{pat})" for name, pat in _PATTERNS) + r")" + _END)
_ACRONYM_VOWELS = re.compile(r"[AEIOUY]")
_COUNTED = re.compile(r"[a-z]+s")
_NOT_COUNTED = frozenset("was is has as this his its us yes does goes".split())
_REFINED = frozenset({"acronym", "cardinal", "range", "year", "fraction"})
# Zero-led parts ("00-1011", "123-01"): docket numbers and Queens house numbers rather than ranges.
_ZERO_LED = re.compile(r"0\d*-\d+|\d{1,3}-0\d+")


@dataclass(frozen=True)
class Entity:
    """A written entity: characters ``[start, end)`` of the cleaned text, and its ITN class."""

    start: int
    end: int
    cls: str


def _spelled(token: str) -> bool:
    """Whether an all-caps token is said letter by letter (FBI) rather than as a word (NASA)."""
    core = token[:-2] if token.endswith("'s") else token
    if "." in core:
        return True
    if core.endswith("s") and core[:-1].isupper():
        core = core[:-1]
    if core in SPELLED_ACRONYMS:
        return True
    return core not in _NOT_ACRONYMS and len(core) <= 4 and not _ACRONYM_VOWELS.search(core)


def _prev_token(text: str, start: int) -> str:
    """The token before position ``start`` without its trailing punctuation ("" at the text start)."""
    if start < 2:
        return ""
    begin = text.rfind(" ", 0, start - 1) + 1
    return text[begin:start - 1].rstrip(",.?")


def _next_token(text: str, end: int) -> str:
    """The token after the one ending at or just before ``end`` ("" at the text end)."""
    space = text.find(" ", end)
    if space < 0:
        return ""
    stop = text.find(" ", space + 1)
    return text[space + 1:stop if stop >= 0 else len(text)]


def _in_heading(text: str, start: int, end: int) -> bool:
    """All-caps words of 4+ letters next to the token: a heading ("CHAPTER IV", "BY THE AUTHOR"), not acronyms."""
    for word in (_prev_token(text, start), _next_token(text, end).rstrip(",.?")):
        if len(word) >= 4 and word.isupper() and word.isalpha() and word not in SPELLED_ACRONYMS:
            return True
    return False


def _is_docket(token: str) -> bool:
    """Docket and statute numbers ("00-1011", "98-1768", "12-345") rather than ranges ("10-20", "95-105",
    "10-150"): a zero-led part, or a 2-digit head with a much larger tail not ending in 0."""
    if _ZERO_LED.fullmatch(token):
        return True
    a, _, b = token.partition("-")
    return len(a) == 2 and len(b) >= 3 and "." not in token and int(b) >= 10 * int(a) and b[-1] != "0"


def _refine(text: str, cls: str, start: int, end: int) -> str:
    """Reclassify a match from its neighbours; ``""`` drops it (a word that needs no verbalizing)."""
    if cls == "acronym":
        token = text[start:end]
        return "" if not _spelled(token) or ("." not in token and _in_heading(text, start, end)) else cls
    if cls == "cardinal":
        if end - start == 5 and text[start:end].isdigit() and (
                _prev_token(text, start) in STATES or _next_token(text, end).startswith(("United", "USA"))):
            return "zip"
    elif cls == "range":
        if _is_docket(text[start:end]):
            return "alnum"
    elif cls == "fraction":
        num, _, den = text[start:end].rpartition(" ")[2].partition("/")
        if " " not in text[start:end] and int(num) >= int(den):
            return "alnum"  # "50/50", "24/7"
    elif cls == "year" and text[end - 1].isdigit():
        nxt = _next_token(text, end)
        if _COUNTED.fullmatch(nxt) and nxt not in _NOT_COUNTED:
            return "cardinal"
    return cls


def find_entities(text: str) -> List[Entity]:
    """Entities in cleaned text, sorted and non-overlapping; each starts at a token start and ends at a token
    end or just before that token's trailing ``,`` ``.`` ``?``."""
    out: List[Entity] = []
    for m in _MASTER.finditer(text):
        cls = m.lastgroup or "alnum"
        start, end = m.span()
        if cls in _REFINED:
            cls = _refine(text, cls, start, end)
            if not cls:
                continue
        elif cls == "alnum" and end > start and text[end - 1] in ",.?" and (end == len(text) or text[end] == " "):
            end -= 1
        if cls == "alnum" and len(split_hyphenated(text[start:end].rstrip(",.?"))) > 1:
            continue  # a hyphenated compound of words: plain words joined by the HYPHEN label, not a span
        if end > start:
            out.append(Entity(start, end, cls))
    return out
