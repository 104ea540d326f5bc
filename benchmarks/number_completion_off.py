"""The shipped model (or ``sys.argv[1]``) with number-phrase completion switched off: the "before" side of the
number-phrase measurement in docs/results.md, as a `u2tf eval` command system (spoken lines in, one formatted line
out each).

    u2tf eval --data DEV --system model --system "cmd:python benchmarks/number_completion_off.py"

Off means: ITN spans as the tagger decoded them (no :func:`complete_number_spans`), no
:func:`number_words_beside_digits` guard, and "us" not among the words a converted span may drop.
"""
from __future__ import annotations

import sys


def main() -> None:
    import spacy_u2tf.core.api as api
    import spacy_u2tf.core.guards as guards

    api.complete_number_spans = lambda words, itn: list(itn)
    guards.number_words_beside_digits = lambda written: None
    guards._VANISHING.discard("us")
    model = api.U2TF.from_pretrained(sys.argv[1] if len(sys.argv) > 1 else None)
    docs = [line.split() for line in sys.stdin.read().split("\n")[:-1]]
    for text in model.format_batch(docs):
        print(text)


if __name__ == "__main__":
    main()
