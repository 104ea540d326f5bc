"""Synthetic written documents for the tagger: rare entities (emails, web addresses, phone and card numbers,
street addresses, zip codes) said in the short sentences where people say them.

Real corpora hold few of these, so a tagger trained on them alone does not learn where such a span starts and
ends ("my email is john dot smith at gmail dot com"). The documents are written text like any corpus: the data
pipeline cleans, verbalizes and labels them with the same finder and verbalizer (``u2tf data --synthetic N``).
"""
from __future__ import annotations

import random
from typing import Dict, Iterator, List, Tuple

from .generators import generate_entity, ordinal_suffix

# (class, templates): "{x}" is the entity. Written as people write a transcript of a call or a meeting.
TEMPLATES: Dict[str, Tuple[str, ...]] = {
    "email": (
        "My email is {x}.", "You can email me at {x}.", "Please send the documents to {x}.",
        "Write to {x} and we'll get back to you.", "Is your email address still {x}?",
        "Could you copy {x} on that?", "It's {x}, all lowercase.", "Contact us at {x} for more information.",
        "I sent it to {x} yesterday.", "Can you forward it to {x}, please?",
    ),
    "url": (
        "The website is {x}.", "You can find it at {x}.", "Go to {x} and click on the first link.",
        "Visit {x} for details.", "Have you checked {x}?", "All the forms are on {x}.",
        "I found it on {x} last week.", "Just type {x} into your browser.",
    ),
    "telephone": (
        "Call me at {x}.", "My number is {x}.", "You can reach the front desk at {x}.", "Is it {x}?",
        "The phone number is {x}.", "Please call {x} if anything changes.", "Their hotline is {x}, I think.",
        "Text me at {x} when you get there.",
    ),
    "address": (
        "I live at {x}.", "The office is at {x}.", "Please ship it to {x}.", "We're meeting at {x} tomorrow.",
        "The new store opened at {x}.", "Is that {x}?", "My address is {x}.",
    ),
    "card": (
        "My card number is {x}.", "The card number is {x}, and it expires next year.",
        "Can you read me the number again? It's {x}.", "I'd like to pay with {x}.",
    ),
    "zip": ("The zip code is {x}.", "What's your zip code? It's {x}.", "My zip code is {x}, I believe."),
    "money": ("That comes to {x}.", "It costs {x} a month.", "I paid {x} for it.", "The total is {x}, right?"),
    "time": ("Can we meet at {x}?", "The train leaves at {x}.", "I'll call you back at {x}.",
             "The meeting starts at {x}."),
    "date": ("The deadline is {x}.", "I was born on {x}.", "We moved here on {x}.", "Is it due on {x}?"),
    # an ordinal in the name of a unit or a street, which encyclopedic text writes in digits ("2nd Infantry
    # Division"), unlike "the second time" or the names that are words ("First Amendment")
    "unit": ("The {x} Infantry Division crossed the river at dawn.", "He served with the {x} Battalion in Korea.",
             "The {x} Regiment was formed after the war.", "Troops of the {x} Army held the ridge.",
             "The {x} Armored Brigade moved north.", "She commanded the {x} Fighter Squadron.",
             "The {x} Fleet sailed south in the spring.", "Our office is on {x} Street.",
             "Take the bus to {x} Avenue.", "The {x} Marine Regiment landed on the island."),
    # "etc." inside a sentence and "and/or", which real text mostly has at a sentence end or not at all
    "listing": ("We need pens, paper, {x} for the meeting.", "Bring your passport, tickets, {x} to the front desk.",
                "Apples, oranges, {x} are on sale this week.", "They sell shoes, bags, {x} at the new store.",
                "Forms, receipts, {x} go in the blue folder.", "Chairs, tables, {x} were moved to the hall."),
    "either": ("You can pay by cash {x} card.", "Students {x} parents may attend.",
               "Please call {x} email us before Friday.", "Bring a laptop {x} a tablet.",
               "The fee covers travel {x} lodging."),
}
# Groups whose entity is one fixed written form.
FIXED_ENTITIES: Dict[str, str] = {"listing": "etc.", "either": "and/or"}
FILLERS: Tuple[str, ...] = (
    "Sure.", "OK, thanks.", "Let me check.", "That's great, thank you so much.", "Is there anything else?",
    "Yes, that's right.", "No, I don't think so.", "Hold on a second.", "Perfect, I'll do that today.",
    "Could you repeat that, please?", "Thanks for calling.", "Hi, how can I help you?", "Got it.",
    "Let me write that down.", "Sorry, I didn't catch that.", "Alright, I'll send you a confirmation.",
    "Hello, this is Sarah from customer service.", "We need it by the end of the week.",
    "I'm not sure, let me ask my manager.", "Well, that should work for us.", "Do you have a pen?",
)
# Emails and web addresses are the rarest in real text and the easiest to miss: drawn most often.
GROUP_WEIGHTS: Dict[str, float] = {"email": 3, "url": 3, "telephone": 2, "address": 2, "card": 1, "zip": 1,
                                   "money": 0.5, "time": 0.5, "date": 0.5, "unit": 1, "listing": 0.5,
                                   "either": 0.5}


def _electronic(rng: random.Random, email: bool) -> str:
    while True:
        x = generate_entity("electronic", rng)
        if ("@" in x) == email:
            return x


def template_entity(group: str, rng: random.Random) -> str:
    """A random written entity for a template group of :data:`TEMPLATES` (emails and web addresses apart)."""
    if group in ("email", "url"):
        return _electronic(rng, email=group == "email")
    if group in FIXED_ENTITIES:
        return FIXED_ENTITIES[group]
    if group == "unit":
        n = rng.choice(range(1, 10)) if rng.random() < 0.6 else rng.randint(10, 120)
        return f"{n}{ordinal_suffix(n)}"
    return generate_entity(group, rng)


def synthetic_document(rng: random.Random, sentences: Tuple[int, int] = (5, 9)) -> str:
    """One document of ``sentences`` (min, max) lines: entity sentences between everyday fillers."""
    groups: List[str] = list(GROUP_WEIGHTS)
    weights = [GROUP_WEIGHTS[g] for g in groups]
    lines: List[str] = []
    for _ in range(rng.randint(*sentences)):
        if rng.random() < 0.6:
            group = rng.choices(groups, weights)[0]
            lines.append(rng.choice(TEMPLATES[group]).format(x=template_entity(group, rng)))
        else:
            lines.append(rng.choice(FILLERS))
    return "\n".join(lines)


def synthetic_documents(n: int, seed: int = 0) -> Iterator[str]:
    """``n`` synthetic documents, the same for the same seed."""
    if n < 0:
        raise ValueError(f"n must be 0 or more, got {n}")
    rng = random.Random(f"synthetic:{seed}")
    for _ in range(n):
        yield synthetic_document(rng)
