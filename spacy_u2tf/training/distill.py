"""Knowledge distillation for the stage-1 tagger: a smaller student learns the label distributions of a trained
teacher tagger (``u2tf train tagger --teacher``), as DistilBERT and TinyBERT learn from BERT.

The teacher's soft labels carry what one-hot labels do not (how likely a comma is where the reference has none),
which is what a pruned tagger loses first on text unlike its training mix.
"""
from __future__ import annotations

from pathlib import Path
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

import torch
import torch.nn.functional as F

from ..core.tagger import IGNORE, Tagger


def load_teacher(folder: Path, student: Tagger, device: str, heads: Optional[Sequence[str]] = None,
                 flag: str = "--teacher", partial: Sequence[str] = ()) -> torch.nn.Module:
    """The teacher's fp32 model, frozen, after checking it labels the same subwords with the same label sets (those
    of ``heads`` only, when given: a teacher of single heads may lack the student's other heads). For the heads in
    ``partial`` (a later member of a mixture, see :func:`mixed_head_logits`) a subset of the student's labels will
    do."""
    from .tagger import is_tagger_folder

    if not is_tagger_folder(Path(folder)):
        raise SystemExit(f"{flag} {folder}: not a tagger folder (config.json with encoder and labels)")
    teacher = Tagger.load(folder, device=device)
    if heads is None and teacher.labels != student.labels:
        raise SystemExit(f"{flag} {folder}: its label sets differ from the student's")
    for head in heads or ():
        own = teacher.labels.get(head)
        if head in partial and own is not None and set(own) <= set(student.labels[head]):
            continue
        if own != student.labels[head]:
            raise SystemExit(f"{flag} {folder}: its {head} labels differ from the student's")
    if teacher.wordpiece.tokenizer.get_vocab() != student.wordpiece.tokenizer.get_vocab():
        raise SystemExit(f"{flag} {folder}: its vocabulary differs from the student's (soft labels are per subword)")
    return teacher.model.requires_grad_(False)  # Tagger.load gives fp32 weights in eval mode


def parse_head_teachers(spec: str, distilled: Sequence[str]) -> Dict[str, List[Path]]:
    """``"case=old/tagger"`` → ``{"case": [Path("old/tagger")]}``: the teachers of single heads, each of which must
    be a distilled head (``--distill-heads``) and be named once. ``"punct=a+b"`` gives the head a mixture: it learns
    the mean of the teachers' probabilities (:func:`mixed_head_logits`; a folder named twice counts twice)."""
    out: Dict[str, List[Path]] = {}
    for item in (x.strip() for x in spec.split(",")):
        if not item:
            continue
        head, sep, folders = (x.strip() for x in item.partition("="))
        members = [f.strip() for f in folders.split("+")]
        if not sep or not head or not all(members):
            raise SystemExit(f"--head-teacher {spec}: expected HEAD=FOLDER[+FOLDER...] items, got {item!r}")
        if head not in distilled:
            raise SystemExit(f"--head-teacher {spec}: {head!r} is not a distilled head ({sorted(distilled)})")
        if head in out:
            raise SystemExit(f"--head-teacher {spec}: {head!r} has two teachers")
        out[head] = [Path(f) for f in members]
    return out


def load_head_teachers(mix: Mapping[str, Sequence[Path]], student: Tagger, device: str,
                       loaded: Optional[Mapping[Path, torch.nn.Module]] = None) -> Dict[Path, torch.nn.Module]:
    """Each folder of :func:`parse_head_teachers`'s mixtures loaded once, checked for the heads it teaches: the
    first member of a mixture has the student's labels, a later one may lack some. A folder in ``loaded`` (the
    ``--teacher``, checked for every head already) is taken from there."""
    heads: Dict[Path, List[str]] = {}
    partial: Dict[Path, List[str]] = {}
    loaded = loaded or {}
    for head, folders in mix.items():
        for k, folder in enumerate(folders):
            heads.setdefault(folder, []).append(head)
            if k and folder != folders[0]:
                partial.setdefault(folder, []).append(head)
    return {folder: loaded[folder] if folder in loaded else
            load_teacher(folder, student, device, hs, "--head-teacher", partial.get(folder, ()))
            for folder, hs in heads.items()}


def head_teacher_logits(models: Mapping[Path, torch.nn.Module], mix: Mapping[str, Sequence[Path]],
                        labels: Mapping[str, Sequence[str]], input_ids: torch.Tensor, mask: torch.Tensor,
                        known: Optional[Mapping[Path, Mapping[str, torch.Tensor]]] = None,
                        mixed_rows: Optional[torch.Tensor] = None) -> Dict[str, torch.Tensor]:
    """The soft labels of the heads with teachers of their own: one forward pass per folder (none for a folder
    whose outputs on this batch are in ``known``: the ``--teacher``'s); a single teacher's logits as they are, a
    mixture's through :func:`mixed_head_logits`. Where ``mixed_rows`` (one flag per window) is given, a mixture
    teaches only the windows flagged ``True``; the others learn its first member's logits."""
    known = known or {}
    outputs = {f: known[f] if f in known else m(input_ids, mask) for f, m in models.items()}
    out: Dict[str, torch.Tensor] = {}
    for head, folders in mix.items():
        first = outputs[folders[0]][head]
        if len(folders) == 1:
            out[head] = first
            continue
        mixed = mixed_head_logits([(outputs[f][head], models[f].labels[head]) for f in folders], labels[head])
        if mixed_rows is not None:
            mixed = torch.where(mixed_rows.view(-1, 1, 1), mixed, torch.log_softmax(first.float(), -1))
        out[head] = mixed
    return out


def fluent_windows(targets: Mapping[str, torch.Tensor], labels: Mapping[str, Sequence[str]]) -> torch.Tensor:
    """One flag per window: ``True`` where no word has a disfluency label other than ``O`` (a window of fluent
    text, or one of an example without disfluency labels, or any window of a tagger without the head)."""
    some = next(iter(targets.values()))
    if "disfl" not in targets:
        return torch.ones(some.shape[0], dtype=torch.bool, device=some.device)
    gold = targets["disfl"]
    disfluent = (gold != IGNORE) & (gold != list(labels["disfl"]).index("O"))
    return ~disfluent.any(-1)


def mixed_head_logits(members: Sequence[Tuple[torch.Tensor, Sequence[str]]],
                      labels: Sequence[str]) -> torch.Tensor:
    """Log of the mean of the members' probabilities over ``labels`` (an ensemble teacher). The first member has
    every label; a later one that lacks some (a tagger trained before HYPHEN existed) takes the first member's
    probability for those and shares the rest of the mass out as its own softmax does."""
    first = torch.softmax(members[0][0].float(), -1)
    total = first.clone()
    for logits, names in members[1:]:
        probs = torch.softmax(logits.float(), -1)
        missing = [i for i, name in enumerate(labels) if name not in names]
        full = torch.empty_like(first)
        full[..., [list(labels).index(n) for n in names]] = probs * (
            1.0 - first[..., missing].sum(-1, keepdim=True))
        full[..., missing] = first[..., missing]
        total = total + full
    return torch.log((total / len(members)).clamp_min(1e-12))


def distillation_loss(student: Mapping[str, torch.Tensor], teacher: Mapping[str, torch.Tensor],
                      targets: Mapping[str, torch.Tensor], temperature: float,
                      weights: Mapping[str, float], skip: Optional[Mapping[str, torch.Tensor]] = None) -> torch.Tensor:
    """Weighted sum over heads of KL(teacher ‖ student) at ``temperature``, scaled by T² (Hinton et al., 2015) and
    averaged over the labelled positions (first subwords of words; padding and continuation subwords excluded).
    Positions ``True`` in ``skip[head]`` (see :func:`trusted_positions`) add nothing to that head's sum."""
    losses: Dict[str, torch.Tensor] = {}
    for head, logits in student.items():
        keep = targets[head].to(logits.device) != IGNORE
        n = max(1, int(keep.sum()))
        if skip is not None and head in skip:
            keep = keep & ~skip[head]
        s = logits[keep].float() / temperature
        t = teacher[head][keep].float() / temperature
        kl = F.kl_div(F.log_softmax(s, -1), F.log_softmax(t, -1), log_target=True, reduction="sum")
        losses[head] = kl * temperature ** 2 / n
    return sum(weights[h] * v for h, v in losses.items())


def trusted_positions(trusted: Mapping[str, Sequence[int]], teacher: Mapping[str, torch.Tensor],
                      targets: Mapping[str, torch.Tensor]) -> Dict[str, torch.Tensor]:
    """Per head, the positions whose reference label is a trusted one that the teacher's most likely label is not:
    there the student learns the reference alone (a span the references mark and the teacher misses)."""
    out: Dict[str, torch.Tensor] = {}
    for head, ids in trusted.items():
        gold = targets[head]
        wanted = torch.isin(gold, torch.tensor(list(ids), device=gold.device))
        out[head] = wanted & (teacher[head].argmax(-1) != gold)
    return out


def reference_loss_at(student: Mapping[str, torch.Tensor], targets: Mapping[str, torch.Tensor],
                      where: Mapping[str, torch.Tensor], weights: Mapping[str, float],
                      class_weights: Mapping[str, Optional[torch.Tensor]]) -> torch.Tensor:
    """The reference labels' cross-entropy at the positions ``where[head]`` (those :func:`distillation_loss`
    skipped), each counted as one labelled position of its head, as the KL counts them: with the hard loss's own
    share, the reference there carries the whole loss."""
    parts = []
    for head, mask in where.items():
        if bool(mask.any()):
            labelled = max(1, int((targets[head] != IGNORE).sum()))
            ce = F.cross_entropy(student[head][mask].float(), targets[head][mask], weight=class_weights.get(head),
                                 reduction="sum")
            parts.append(weights[head] * ce / labelled)
    return sum(parts) if parts else torch.zeros(())
