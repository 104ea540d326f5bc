"""Stage 1: a shared BERT-style encoder with linear heads labeling every spoken word.

Labels sit on each word's first subword. Text of any length is cut into overlapping windows of subwords; each
word takes its labels from the window where its first subword sits farthest from an edge.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import torch
from torch import nn

from .batching import CPU_BATCH_TOKENS, budget_batches
from .labels import CASE_LABELS, HEADS, ITN_LABELS, PUNCT_LABELS  # noqa: F401  (HEADS: public name here too)
from .memory import TRIM_EVERY, release_free_memory
from .threads import register_fork_safety

register_fork_safety()  # forked spaCy workers must not hang in torch

DEFAULT_LABELS: Dict[str, Tuple[str, ...]] = {"punct": PUNCT_LABELS, "case": CASE_LABELS, "itn": ITN_LABELS}
IGNORE = -100


@dataclass
class WindowSpec:
    """Subword windows: ``max_len`` includes [CLS] and [SEP]; consecutive windows share ``overlap`` subwords."""

    max_len: int = 64
    overlap: int = 16

    @property
    def content(self) -> int:
        return self.max_len - 2

    @property
    def step(self) -> int:
        return max(1, self.content - self.overlap)


class WordPieceEncoder:
    """Word → subword ids with a cache; the tokenizer is a local ``tokenizer.json`` (never downloaded)."""

    def __init__(self, tokenizer_file: Union[str, Path], max_subwords_per_word: int = 16) -> None:
        from tokenizers import Tokenizer

        self.tokenizer = Tokenizer.from_file(str(tokenizer_file))
        self.tokenizer.no_truncation()
        self.tokenizer.no_padding()
        self.cls_id = self.tokenizer.token_to_id("[CLS]")
        self.sep_id = self.tokenizer.token_to_id("[SEP]")
        self.pad_id = self.tokenizer.token_to_id("[PAD]") or 0
        self.unk_id = self.tokenizer.token_to_id("[UNK]")
        self.max_subwords = max_subwords_per_word
        self._cache: Dict[str, List[int]] = {}

    def encode_words(self, words: Sequence[str]) -> List[List[int]]:
        missing = list({w for w in words if w not in self._cache})
        if missing:
            for word, enc in zip(missing, self.tokenizer.encode_batch(missing, add_special_tokens=False)):
                ids = enc.ids[: self.max_subwords] or [self.unk_id]
                if len(self._cache) < 500_000:
                    self._cache[word] = ids
                else:
                    return [self._cache.get(w) or self._encode_one(w) for w in words]
        return [self._cache[w] for w in words]

    def _encode_one(self, word: str) -> List[int]:
        return self.tokenizer.encode(word, add_special_tokens=False).ids[: self.max_subwords] or [self.unk_id]


@dataclass
class Window:
    """One model input: subword ids, and for each labeled position the document word it belongs to."""

    doc: int
    ids: List[int]
    positions: List[int]  # index into ids of a word's first subword
    words: List[int]  # document word index for each position


def make_windows(doc: int, pieces: Sequence[Sequence[int]], spec: WindowSpec, cls_id: int, sep_id: int,
                 assign_best: bool = True) -> List[Window]:
    """Cut a document's subwords into overlapping windows.

    With ``assign_best`` every word is labeled in exactly one window: the one where its first subword is farthest
    from a window edge. Otherwise (training) every word whose first subword falls in a window is labeled there.
    """
    flat: List[int] = []
    first: List[int] = []
    for p in pieces:
        first.append(len(flat))
        flat.extend(p)
    n = len(flat)
    if n == 0:
        return []
    starts = list(range(0, max(1, n - spec.content) + spec.step, spec.step))
    starts = [s for s in starts if s < n and (s == 0 or s + spec.overlap < n)]
    if starts[-1] + spec.content < n:
        starts.append(n - spec.content)
    first_arr = np.asarray(first)
    if assign_best:
        best_win = np.zeros(len(first), dtype=np.int64)
        best_dist = np.full(len(first), -1, dtype=np.int64)
        for k, s in enumerate(starts):
            e = min(n, s + spec.content)
            inside = (first_arr >= s) & (first_arr < e)
            dist = np.minimum(first_arr - s, e - 1 - first_arr)
            better = inside & (dist > best_dist)
            best_win[better] = k
            best_dist[better] = dist[better]
    windows: List[Window] = []
    for k, s in enumerate(starts):
        e = min(n, s + spec.content)
        lo, hi = np.searchsorted(first_arr, s), np.searchsorted(first_arr, e)
        words = np.arange(lo, hi)
        if assign_best:
            words = words[best_win[lo:hi] == k]
        windows.append(Window(doc, [cls_id] + flat[s:e] + [sep_id], (first_arr[words] - (s - 1)).tolist(),
                              words.tolist()))
    return windows


class TaggerModel(nn.Module):
    """Encoder + one linear head per label set; ``forward`` returns logits per head."""

    def __init__(self, encoder: nn.Module, hidden: int, labels: Dict[str, Sequence[str]], dropout: float = 0.1):
        super().__init__()
        self.encoder = encoder
        self.dropout = nn.Dropout(dropout)
        self.labels = {k: tuple(v) for k, v in labels.items()}
        self.heads = nn.ModuleDict({k: nn.Linear(hidden, len(v)) for k, v in self.labels.items()})

    def add_head(self, name: str, labels: Sequence[str]) -> None:
        """Add a new, freshly initialized head (e.g. ``disfl`` to a tagger trained without it)."""
        if name in self.heads:
            raise ValueError(f"the tagger already has a {name!r} head")
        hidden = next(iter(self.heads.values())).in_features
        ref = next(self.parameters())
        self.labels[name] = tuple(labels)
        self.heads[name] = nn.Linear(hidden, len(labels)).to(device=ref.device, dtype=ref.dtype)

    def extend_labels(self, name: str, labels: Sequence[str]) -> None:
        """Append labels to a head (``labels`` starts with the head's own); the new rows start with a bias below
        every old one, so until trained they are never predicted and the old labels keep their scores."""
        old = self.labels[name]
        if tuple(labels[:len(old)]) != old:
            raise ValueError(f"{name!r} labels {list(labels)} do not extend {list(old)}")
        if len(labels) == len(old):
            return
        head = self.heads[name]
        new = nn.Linear(head.in_features, len(labels)).to(device=head.weight.device, dtype=head.weight.dtype)
        with torch.no_grad():
            new.weight[len(old):].mul_(0.1)
            new.weight[:len(old)] = head.weight
            new.bias[:len(old)] = head.bias
            new.bias[len(old):] = head.bias.min() - 4.0
        self.labels[name] = tuple(labels)
        self.heads[name] = new

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> Dict[str, torch.Tensor]:
        hidden = self.encoder(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state
        hidden = self.dropout(hidden)
        return {k: head(hidden) for k, head in self.heads.items()}


def build_encoder(path_or_config: Union[str, Path, dict], pretrained: bool = True) -> Tuple[nn.Module, dict]:
    """A BERT encoder from a local folder (weights when ``pretrained``) or from a config dict (random init)."""
    from transformers import BertConfig, BertModel

    if isinstance(path_or_config, dict):
        config = BertConfig(**path_or_config)
        model = BertModel(config, add_pooling_layer=False)
        heads = path_or_config.get("kept_attention_heads")
        if heads and heads < config.num_attention_heads:  # a head-pruned tagger: rebuild its narrower attention
            from .narrow import keep_attention_heads

            for layer in model.encoder.layer:
                keep_attention_heads(layer, torch.arange(heads))
        return model, config.to_dict()
    if pretrained:
        model = BertModel.from_pretrained(str(path_or_config), add_pooling_layer=False)
        return model, model.config.to_dict()
    config = BertConfig.from_pretrained(str(path_or_config))
    return BertModel(config, add_pooling_layer=False), config.to_dict()


def _inference_encoder(config: dict) -> Tuple[Optional[nn.Module], Optional[dict]]:
    """A :class:`.bert.BertEncoder` for ``config`` (with random weights), or ``(None, None)`` where it does not
    support it."""
    from .bert import BertEncoder, supports

    return (BertEncoder(config), dict(config)) if supports(config) else (None, None)


ENCODER_CONFIG_KEYS = (
    "vocab_size", "hidden_size", "num_hidden_layers", "num_attention_heads", "intermediate_size", "hidden_act",
    "hidden_dropout_prob", "attention_probs_dropout_prob", "max_position_embeddings", "type_vocab_size",
    "layer_norm_eps", "pad_token_id", "kept_attention_heads",
)


class Tagger:
    """Stage-1 tagger: model + tokenizer + windowing; ``predict`` labels batches of spoken documents."""

    def __init__(self, model: TaggerModel, encoder_config: dict, tokenizer_file: Union[str, Path],
                 spec: Optional[WindowSpec] = None, device: str = "cpu") -> None:
        self.model = model.eval()
        self._encoder_config = dict(encoder_config)  # for models without a live encoder (ONNX Runtime)
        self.tokenizer_file = Path(tokenizer_file)
        self.wordpiece = WordPieceEncoder(tokenizer_file)
        self.spec = spec or WindowSpec()
        self.device = torch.device(device)
        self.model.to(self.device)
        # bf16 autocast: faster on CPUs with AVX-512 bf16 and on GPUs; off by default (fp32 is the reference).
        self.autocast = False
        self.max_batch_tokens: Optional[int] = CPU_BATCH_TOKENS if self.device.type == "cpu" else None

    @property
    def encoder_config(self) -> dict:
        """The encoder's architecture as saved with the tagger, read from the encoder itself, so cutting its layers
        or narrowing its feed-forward blocks (training) needs no second copy to keep in step."""
        encoder = getattr(self.model, "encoder", None)
        source = encoder.config.to_dict() if hasattr(encoder, "config") else self._encoder_config
        return {k: source[k] for k in ENCODER_CONFIG_KEYS if k in source}

    @property
    def labels(self) -> Dict[str, Tuple[str, ...]]:
        return self.model.labels

    def quantize_int8(self) -> None:
        """Run the Linear layers as dynamic int8 (CPU only; weights quantized once per output channel,
        activations per batch)."""
        if self.device.type != "cpu":
            raise ValueError("int8 dynamic quantization runs on CPU only")
        import warnings

        from torch.ao.quantization import per_channel_dynamic_qconfig, quantize_dynamic

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # torch.ao deprecation notices; the API still works in this torch
            # Per channel: one scale per output feature agrees with fp32 on more labels than one per matrix, at the
            # same speed.
            self.model = quantize_dynamic(self.model, {nn.Linear: per_channel_dynamic_qconfig})

    def use_onnx_runtime(self, int8: bool = True, cache_dir: Optional[Union[str, Path]] = None) -> None:
        """Run the model with ONNX Runtime (CPU; int8 dynamic quantization of its MatMuls by default). The export
        is cached by the weights' digest, so only the first load of a model pays for it."""
        if self.device.type != "cpu":
            raise ValueError("the ONNX Runtime tagger runs on CPU only")
        if not isinstance(self.model, TaggerModel) or any("quantized" in type(m).__module__
                                                          for m in self.model.modules()):
            raise ValueError("use_onnx_runtime() needs the torch fp32 model (call it before quantize_int8())")
        from .bert import BertEncoder
        from .onnx_runtime import onnx_tagger_model

        model = self.model
        if isinstance(model.encoder, BertEncoder):  # export the Hugging Face graph the ONNX path was made with
            encoder, _ = build_encoder(self._encoder_config)
            model = TaggerModel(encoder, self._encoder_config["hidden_size"], model.labels)
            model.load_state_dict(self.model.state_dict(), strict=False)
            model.eval()
        self.model = onnx_tagger_model(model, int8=int8, cache_dir=Path(cache_dir) if cache_dir else None)

    # -- persistence -------------------------------------------------------------------------------------
    def save(self, folder: Union[str, Path], dtype: torch.dtype = torch.float16) -> None:
        """Write ``config.json``, ``model.safetensors`` (fp16 by default) and ``tokenizer.json``."""
        from safetensors.torch import save_file

        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        state = {k: v.detach().to("cpu", dtype if v.is_floating_point() else v.dtype).contiguous()
                 for k, v in self.model.state_dict().items()}
        save_file(state, str(folder / "model.safetensors"), metadata={"format": "pt"})
        config = {"encoder": self.encoder_config, "labels": {k: list(v) for k, v in self.labels.items()},
                  "window": {"max_len": self.spec.max_len, "overlap": self.spec.overlap}}
        (folder / "config.json").write_text(json.dumps(config, indent=2))
        if self.tokenizer_file.resolve() != (folder / "tokenizer.json").resolve():
            (folder / "tokenizer.json").write_bytes(self.tokenizer_file.read_bytes())

    @classmethod
    def load(cls, folder: Union[str, Path], device: str = "cpu", dtype: Optional[torch.dtype] = None,
             inference_only: bool = False) -> "Tagger":
        """Load a tagger folder written by :meth:`save` (offline; weights cast to ``dtype``, default fp32).

        ``inference_only``: build the encoder as :class:`.bert.BertEncoder` (the same weights, without importing
        ``transformers``) where it supports the config; such a tagger predicts but is not meant for training."""
        from safetensors.torch import load_file

        folder = Path(folder)
        config = json.loads((folder / "config.json").read_text())
        encoder, enc_cfg = _inference_encoder(config["encoder"]) if inference_only else (None, None)
        if encoder is None:
            encoder, enc_cfg = build_encoder(config["encoder"])
        model = TaggerModel(encoder, enc_cfg["hidden_size"], config["labels"])
        state = load_file(str(folder / "model.safetensors"))
        missing, unexpected = model.load_state_dict({k: v.float() for k, v in state.items()}, strict=False)
        missing = [k for k in missing if not k.endswith("position_ids")]
        if missing or unexpected:
            raise ValueError(f"{folder}: weights do not match the config (missing {missing[:3]}, "
                             f"unexpected {unexpected[:3]})")
        if dtype is not None:
            model.to(dtype)
        return cls(model, enc_cfg, folder / "tokenizer.json", WindowSpec(**config["window"]), device)

    # -- inference ---------------------------------------------------------------------------------------
    def inference_model(self) -> Any:
        """What :meth:`predict` runs: a torch ``TaggerModel`` through its padding-free twin (core.packed; the same
        modules and weights), any other model (ONNX Runtime) as it is."""
        if not isinstance(self.model, TaggerModel):
            return self.model
        from .packed import PackedTagger

        return PackedTagger(self.model)  # a wrapper without weights of its own: cheap to build per call

    def windows(self, docs: Sequence[Sequence[str]]) -> List[Window]:
        out: List[Window] = []
        wp = self.wordpiece
        for d, words in enumerate(docs):
            out.extend(make_windows(d, wp.encode_words(words), self.spec, wp.cls_id, wp.sep_id))
        return out

    def forward_batches(self, windows: Sequence[Window], batch_size: int) -> List[List[Window]]:
        """Windows sorted by length and cut into forward passes of at most ``batch_size`` rows and, when
        ``max_batch_tokens`` is set, at most that many subwords with padding."""
        return budget_batches(windows, lambda w: len(w.ids), batch_size, self.max_batch_tokens)

    @torch.inference_mode()
    def predict(self, docs: Sequence[Sequence[str]], batch_size: int = 64,
                return_probs: bool = False) -> List[Dict[str, List]]:
        """Labels for each word of each document: ``[{"punct": [...], "case": [...], "itn": [...]}, ...]``.

        With ``return_probs`` each head also gets ``"<head>_probs"``: an array (words × labels).
        """
        labels = self.labels
        heads = list(labels)
        # Every document's words in one array per head (document d's words start at offsets[d]).
        offsets = np.cumsum([0] + [len(words) for words in docs])
        probs = {h: np.zeros((int(offsets[-1]), len(labels[h])), dtype=np.float32) for h in heads}
        forwards = self.forward_batches(self.windows(docs), batch_size)
        model = self.inference_model()
        for passes, batch in enumerate(forwards, 1):
            lengths = np.array([len(w.ids) for w in batch])
            ids = np.full((len(batch), int(lengths.max())), self.wordpiece.pad_id, dtype=np.int64)
            for r, w in enumerate(batch):
                ids[r, :lengths[r]] = w.ids
            mask = (np.arange(ids.shape[1])[None, :] < lengths[:, None]).astype(np.int64)
            with torch.autocast(self.device.type, dtype=torch.bfloat16, enabled=self.autocast):
                logits = model(torch.from_numpy(ids).to(self.device), torch.from_numpy(mask).to(self.device))
            counts = [len(w.positions) for w in batch]
            if not sum(counts):
                continue
            rows = torch.from_numpy(np.repeat(np.arange(len(batch)), counts)).to(self.device)
            cols = torch.tensor([p for w in batch for p in w.positions], device=self.device)
            words = np.concatenate([offsets[w.doc] + np.asarray(w.words, dtype=np.int64) for w in batch])
            for h in heads:
                probs[h][words] = torch.softmax(logits[h][rows, cols].float(), dim=-1).cpu().numpy()
            if passes % TRIM_EVERY == 0 and passes < len(forwards):
                release_free_memory()  # between batches of a long input: keeps peak memory flat in its length
        names = {h: np.array(labels[h], dtype=object) for h in heads}
        best = {h: names[h][probs[h].argmax(-1)] for h in heads}
        out: List[Dict[str, List]] = []
        for start, end in zip(offsets[:-1], offsets[1:]):
            entry: Dict[str, List] = {h: best[h][start:end].tolist() for h in heads}
            if return_probs:
                for h in heads:
                    entry[f"{h}_probs"] = probs[h][start:end]  # type: ignore[assignment]
            out.append(entry)
        return out
