"""``python -m spacy_u2tf.cli``: the ``u2tf`` command."""
import sys

from . import main

sys.exit(main())
