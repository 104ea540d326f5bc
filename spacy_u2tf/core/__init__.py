"""Framework-free core of spacy-u2tf: labels, models, assembly. Never imports spaCy or NeMo."""
