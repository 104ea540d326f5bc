"""Re-timing written words from spoken word timestamps: the core's :mod:`spacy_u2tf.core.timing`, under the names
this adapter has always exported."""
from spacy_u2tf.core.timing import SENTENCE_MARKS, check_word_stamps, rebuild_segments, retime_words

__all__ = ["SENTENCE_MARKS", "check_word_stamps", "rebuild_segments", "retime_words"]
