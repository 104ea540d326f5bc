"""Format spoken-form text in front of a trained spaCy pipeline so NER sees written text."""
import spacy

nlp = spacy.load("en_core_web_sm")
nlp.add_pipe("u2tf", first=True, config={"mode": "replace"})
doc = nlp("on march fifth doctor smith paid twelve point five million dollars to mcdonald's in new york")
print(doc.text)
print([(ent.text, ent.label_) for ent in doc.ents])
print(doc._.u2tf_alignment[:5])
