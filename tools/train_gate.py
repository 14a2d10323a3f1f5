"""Train the gate (empty cells and lone dashes), export it to ONNX for OpenCV's dnn module and write
``digitize/models/gate.onnx`` and ``digitize/models/gate.json``.

    python tools/train_gate.py            # about 15 minutes once the cells exist (tools/train_reader.py makes them)

Three cells in four on a list are empty (904 of the 1,191 of a table of four in the speed benchmark), and the main
network read every one (1.07 s of the 2.2 s that photo took). The gate is a network a thirteenth of the main
network's size (an eighth of its arithmetic) that sees the same ink map (:func:`digitize.reader.ink_map`) and says
one of three things: empty, a lone dash ("-", what a DSkV keeper writes in an idle seat's cells: 282 of them on a
four-seat list of the speed benchmark), or anything else. A cell it finds empty or a dash at or above that class's
threshold is read so and no other network reads it (:class:`digitize.reader.CellReader`); every other cell is read
as before. A cell the gate passes wrongly would be a wrong reading without a doubt, so each threshold is set on cells
of writers never seen in training, against the reader without the gate (:data:`HARM`). The figures are in the JSON
and in docs/reader.md ("The gate").

Data: the main network's training and validation cells (``tools/make_cells.py`` via ``train_reader.cells``: the
same files in ``--data``, made when missing), every cell, the written ones whose writing runs out of the crop
included (what is left of them is still ink), with the main network's photometric augmentation (fainter ink, blur,
noise) and no shape augmentation; for the thresholds, the validation cells and :data:`CHECK_PAGES` pages more of
test writers. Needs PyTorch (CPU) and onnx, training-time tools only.
"""
from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import math
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT, ROOT / "tools"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import make_cells as mc  # noqa: E402
import train_reader as tr  # noqa: E402
from digitize import reader as rd  # noqa: E402

import torch  # noqa: E402
from torch import nn  # noqa: E402

SEED = 41
EPOCHS = 8
BATCH = tr.BATCH    # train_reader.train_batches makes the batches
LR = 3e-3
WEIGHT_DECAY = 1e-4
#: Channels of the four convolution stages.
CHANNELS = (16, 24, 32, 48)
#: A written cell taken for empty or a dash costs a wrong reading; an empty cell or a dash taken for written only a
#: read: the loss weighs the class "written" this many times.
WRITTEN_WEIGHT = 4.0
#: The thresholds, one per class the gate passes: the most permissive probability, on a grid of its logit
#: (THRESHOLD_GRID), at which the gate passes at most HARM of the threshold cells of another text (for "empty": the
#: written cells; for "dash": every cell but the lone dashes) that the reader without the gate does not read as that
#: class's text at or above the decoder's bar (each would become a wrong reading without a doubt). The cells the
#: reader reads so anyway are lost without the gate too: writing the crop does not show (out of it, in a deep shadow,
#: a strike that misses it).
HARM = 1e-4
THRESHOLD_GRID = np.round(np.arange(0.0, 12.01, 0.25), 2)
#: Besides the main network's validation cells, the thresholds are set on these many pages more of test-split
#: writers (seed CHECK_SEED), their written cells all kept and a quarter of the empty ones.
CHECK_PAGES, CHECK_SEED = 150, 13
CHECK_KEEP = dict({k: 1.0 for k in mc.KINDS}, empty=0.25)
#: Classes of the output, in order, and the text of the classes the gate passes.
CLASSES = ("empty", "dash", "written")
TEXTS = {"empty": "", "dash": "-"}


def label_class(label: str) -> int:
    """The gate's class of a cell's true text: empty, a lone dash, or anything else."""
    return 0 if label == "" else 1 if label == "-" else 2


class GateNet(nn.Module):
    """Input (N, 1, 32, W) ink in [0, 1] -> logits (N, 3, 1, 1): empty, dash, written. Conv/BatchNorm/ReLU/MaxPool
    and a global max pool (OpenCV dnn runs it)."""

    def __init__(self, channels=CHANNELS):
        super().__init__()
        c1, c2, c3, c4 = channels
        layers = tr._block(1, c1, stride=2) + tr._block(c1, c2) + [nn.MaxPool2d(2)]     # 8 x W/4
        layers += tr._block(c2, c3) + [nn.MaxPool2d(2)]                                # 4 x W/8
        layers += tr._block(c3, c4)
        layers += [nn.AdaptiveMaxPool2d(1), nn.Conv2d(c4, len(CLASSES), 1)]
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return self.net(x)


def probabilities(model: nn.Module, maps: list[np.ndarray]) -> np.ndarray:
    """The softmax of the classes per map (evaluation mode), (len(maps), len(CLASSES)) in the order of ``maps``."""
    model.eval()
    out = np.zeros((len(maps), len(CLASSES)), np.float32)
    with torch.no_grad():
        for idx, x in rd.batches(maps, 512):
            out[idx] = torch.softmax(model(torch.from_numpy(x)).reshape(len(idx), len(CLASSES)), 1).numpy()
    return out


def threshold(p: np.ndarray, other: np.ndarray, sure: np.ndarray, allowed: float) -> float:
    """The most permissive probability, on THRESHOLD_GRID's logits, at which at most ``allowed`` of the cells
    ``other & ~sure`` have ``p`` at or above it (p: one class's probability per cell; other: the cell's text is
    another; sure: the reader without the gate reads the class's text at or above the bar)."""
    for t in THRESHOLD_GRID:
        cut = float(1.0 / (1.0 + math.exp(-t)))
        if np.sum(other & ~sure & (p >= cut)) <= allowed:
            return cut
    return float(1.0 / (1.0 + math.exp(-THRESHOLD_GRID[-1])))


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default="/tmp/skatscan_reader", help="folder of the generated cells (not committed)")
    ap.add_argument("--out", default=str(ROOT / "digitize" / "models"), help="folder for gate.onnx/json")
    ap.add_argument("--epochs", type=int, default=EPOCHS)
    ap.add_argument("--workers", type=int, default=tr.THREADS)
    ap.add_argument("--check-pages", type=int, default=CHECK_PAGES,
                    help="pages of test writers made besides the validation cells, for the thresholds")
    ap.add_argument("--channels", type=lambda s: tuple(int(c) for c in s.split(",")), default=CHANNELS,
                    help="channels of the four convolution stages, comma-separated (default: %(default)s)")
    ap.add_argument("--max-cells", type=int, default=0, help="train on the first N cells only (quick tries)")
    args = ap.parse_args(argv)

    torch.set_num_threads(tr.THREADS)
    torch.manual_seed(SEED)
    rng = np.random.default_rng(SEED)
    tr.AUG["elastic"] = (0.0, tr.AUG["elastic"][1])       # photometric augmentation only
    tr.AUG["pen"] = (0.0, tr.AUG["pen"][1])
    data_dir = Path(args.data)
    data_dir.mkdir(parents=True, exist_ok=True)
    train = tr.cells(data_dir / f"train_{tr.TRAIN_PAGES}_{tr.TRAIN_SEED}.npz", tr.TRAIN_PAGES, "train",
                     tr.TRAIN_SEED, "train", args.workers, keep=mc.KEEP_TRAIN)
    val = tr.cells(data_dir / f"val_{tr.VAL_PAGES}_{tr.VAL_SEED}.npz", tr.VAL_PAGES, "test", tr.VAL_SEED, "test",
                   args.workers)
    check = tr.cells(data_dir / f"gate_check_{args.check_pages}_{CHECK_SEED}.npz", args.check_pages, "test",
                     CHECK_SEED, "test", args.workers, keep=CHECK_KEEP)
    val = {k: (v + check[k] if isinstance(v, list) else v) for k, v in val.items()}
    n = min(len(train["labels"]), args.max_cells or len(train["labels"]))
    y_train = torch.tensor([label_class(lab) for lab in train["labels"][:n]], dtype=torch.long)
    counts = np.bincount(y_train.numpy(), minlength=len(CLASSES))
    val_class = np.array([label_class(lab) for lab in val["labels"]])
    print(f"train: {n} cells ({counts[0]} empty, {counts[1]} dashes); threshold cells: {len(val['labels'])} "
          f"(test writers, {int((val_class == 0).sum())} empty, {int((val_class == 1).sum())} dashes)")

    model = GateNet(args.channels)
    n_params = sum(p.numel() for p in model.parameters())
    steps = args.epochs * (math.ceil(n / BATCH) + len(range(rd.MIN_W, rd.MAX_W + 1, rd.WIDTH_STEP)))
    opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=WEIGHT_DECAY)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=LR, total_steps=steps, pct_start=0.15)
    loss_fn = nn.CrossEntropyLoss(weight=torch.tensor([1.0, 1.0, WRITTEN_WEIGHT]))
    val_maps = [rd.ink_map(c) for c in val["images"]]
    print(f"model: {n_params} parameters; {args.epochs} epochs, batches of {BATCH}")
    t0 = time.time()
    for epoch in range(args.epochs):
        te = time.time()
        order = rng.permutation(n)
        maps = tr.epoch_inputs(train, order, rng)
        model.train()
        running = 0.0
        for pos in tr.train_batches(maps, rng):
            x = torch.from_numpy(rd.to_input([maps[j] for j in pos]))
            loss = loss_fn(model(x).reshape(len(pos), len(CLASSES)), y_train[torch.from_numpy(order[pos])])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            running += loss.item() * len(pos)
        guess = probabilities(model, val_maps).argmax(1)
        print(f"epoch {epoch + 1}: loss {running / n:.4f}, val wrong class {np.mean(guess != val_class):.2%}, "
              f"{time.time() - te:.0f} s, total {(time.time() - t0) / 60:.1f} min", flush=True)
    train_seconds = time.time() - t0

    torch.save(model.state_dict(), data_dir / "gate_state.pt")

    # thresholds: per class, the most permissive one that passes at most HARM of the threshold cells of another text
    # that the reader (without the gate) does not read as the class's text at or above the decoder's bar
    p = probabilities(model, val_maps)
    t1 = time.time()
    reads = rd.CellReader(gate=None).read(val["images"])
    print(f"the reader without the gate read the {len(reads)} threshold cells in {time.time() - t1:.0f} s")
    right = np.array([r.text == lab for r, lab in zip(reads, val["labels"])])
    kinds = np.array(val["kinds"])
    thresholds, figures = {}, {"cells": int(len(p)), "empty": int((val_class == 0).sum()),
                               "dashes": int((val_class == 1).sum()), "written": int((val_class != 0).sum())}
    for c, name in enumerate(CLASSES[:2]):
        text = TEXTS[name]
        sure = np.array([r.text == text and r.confidence >= tr.BAR for r in reads])
        other = val_class != c
        thresholds[name] = threshold(p[:, c], other, sure, HARM * int(other.sum()))
        passed = p[:, c] >= thresholds[name]
        harm = passed & other & ~sure
        figures[name] = {
            "threshold": thresholds[name], "cells": int((~other).sum()), "passed": int((passed & ~other).sum()),
            "passed_not_sure_without_the_gate": int((passed & ~other & ~sure).sum()),
            "other_passed": int((passed & other).sum()),
            "other_passed_read_so_without_the_gate": int((passed & other & sure).sum()),
            "other_passed_otherwise": int(harm.sum()),
            "other_passed_otherwise_read_right_without_the_gate": int((harm & right).sum()),
            "per_kind_passed": {k: int((passed & (kinds == k)).sum()) for k in mc.KINDS if (kinds == k).any()},
        }
        f = figures[name]
        print(f"{name}: p >= {thresholds[name]:.6f}; threshold cells: {f['passed']} of {f['cells']} passed; "
              f"{f['other_passed']} of another text, {f['other_passed_read_so_without_the_gate']} of them read so "
              f"without the gate too; of the other {f['other_passed_otherwise']}, "
              f"{f['other_passed_otherwise_read_right_without_the_gate']} read right without the gate")

    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    onnx_path, meta_path = out_dir / "gate.onnx", out_dir / "gate.json"
    max_diff = tr.export_checked(model, onnx_path, val_maps, {"ink": {0: "n", 3: "w"}, "logits": {0: "n"}})

    ch = args.channels
    meta = {
        "name": "skatscan gate (empty cells and lone dashes)",
        "reads": "every cell but the signature boxes, before the main network: empty, a lone dash, or written",
        "charset": rd.CHARSET,
        "classes": list(CLASSES),
        "texts": TEXTS,
        "thresholds": thresholds,
        "threshold_rule": (f"per class the gate passes, its probability (softmax of the three logits) at which a cell "
                           f"is read as the class's text without the other networks: the most permissive on a grid "
                           f"of logits {THRESHOLD_GRID[1] - THRESHOLD_GRID[0]} apart that passes at most {HARM} of "
                           f"the threshold cells of another text that the reader without the gate does not read as "
                           f"the class's text at or above the bar {tr.BAR}"),
        "input": {"height": rd.INPUT_H, "min_width": rd.MIN_W, "max_width": rd.MAX_W, "width_step": rd.WIDTH_STEP,
                  "policy": "the main network's ink map (digitize.reader.ink_map)",
                  "layout": "N x 1 x 32 x W float32, ink 0..1"},
        "output": {"layout": "N x 3 x 1 x 1 logits (empty, dash, written)"},
        "architecture": (f"conv3x3/2 {ch[0]} -> conv {ch[1]} -> pool2 -> conv {ch[2]} -> pool2 -> "
                         f"conv {ch[3]} -> global max pool -> 1x1 conv 3; BatchNorm+ReLU after every conv"),
        "parameters": int(n_params),
        "onnx": {"opset": tr.OPSET, "exporter": "torch.onnx.export (TorchScript)", "dynamic_batch": True,
                 "sha256": hashlib.sha256(onnx_path.read_bytes()).hexdigest(), "bytes": onnx_path.stat().st_size,
                 "cv2_dnn_max_abs_diff": max_diff},
        "training": {
            "data": "the main network's cells (tools/make_cells.py, see reader.json), every cell",
            "train_cells": n, "train_empty": int(counts[0]), "train_dashes": int(counts[1]),
            "train_seed": tr.TRAIN_SEED, "val_cells": len(val["labels"]), "val_seed": tr.VAL_SEED,
            "check_pages": args.check_pages, "check_seed": CHECK_SEED, "check_keep": CHECK_KEEP,
            "val_writers": "glyph bank split 'test' (never seen in training)",
            "epochs": args.epochs, "batch": BATCH, "lr": LR, "written_weight": WRITTEN_WEIGHT, "seed": SEED,
            "threads": tr.THREADS, **tr.run_facts(train_seconds),
        },
        "validation": figures,
        "glyph_sources": "see reader.json",
        "date": datetime.date.today().isoformat(),
    }
    meta_path.write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {onnx_path} ({onnx_path.stat().st_size / 1e3:.0f} kB) and {meta_path}; "
          f"training {train_seconds / 60:.1f} min")


if __name__ == "__main__":
    main()
