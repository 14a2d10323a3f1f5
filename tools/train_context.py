"""Train the context network: the main network fine-tuned on game-row and footer cells cut with their neighbours
around them, so that it reads a figure whose writing runs over the cell's lines.

    python tools/make_cells.py --split train --mode train --pages 500 --seed 1 --pad 28 --out DATA/ctx_train.npz
    python tools/make_cells.py --split test --mode train --pages 40 --seed 2 --pad 28 --out DATA/ctx_val.npz
    python tools/train_context.py --train DATA/ctx_train.npz --val DATA/ctx_val.npz --out DIR

The packaged networks read a crop of the cell with a tenth of its height around it (digitize.cells.CROP_MARGIN):
a "153" written into the row's upper line, or an "ohne 2" written across the column's line, is cut in part, and
what is cut cannot be read (docs/reader.md, "Writing out of its crop"). The context network is shown the cell with
:data:`CONTEXT_MARGIN` of its height around it, the frame always where the crop puts it, and is taught to read the
cell's own writing (the label) and not its neighbours'. It starts from ``digitize/models/reader.onnx`` (as
tools/train_head.py does) and trains on the cells of the training pages with wide crops (``--pad`` 28 px, more than
the context margin reaches on a game row); cells whose writing runs out of their usual crop are shown
:data:`SPILL_REPEAT` times more.

Needs PyTorch (CPU) and onnx at training time only: ``pip install torch==2.13.0 onnx``.
"""
from __future__ import annotations

import argparse
import datetime
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
import train_reader as tr  # noqa: E402  (sets OMP_WAIT_POLICY, checks torch and onnx)
import train_head as th  # noqa: E402
from digitize import reader as rd  # noqa: E402
from digitize.cell_values import GAME_REF  # noqa: E402
from digitize.cells import CONTEXT_MARGIN, read_in_context  # noqa: E402

import torch  # noqa: E402

SEED = 20261207
#: The model's file name in --out (digitize.reader.CONTEXT_FILE without its suffix).
NAME = Path(rd.CONTEXT_FILE).stem
#: A cell whose writing lies more than SPILL outside its usual crop is shown this many times more an epoch.
SPILL = 0.1
SPILL_REPEAT = 3
EPOCHS = 6
LR = 2e-3
#: The validation figures give the cells with more than this share of their writing outside the usual crop apart.
REPORT_CUT = 0.15


def body(data: dict) -> dict:
    """The cells of ``data`` (make_cells.load's dict) the context network is trained on: every game-row cell and the
    footer's row-high ones; the pipeline asks it about those of them :func:`digitize.cells.read_in_context` names
    (not a seat's counts, which it read worse than the other networks on the benchmark photos)."""
    keep = [i for i, ref in enumerate(data["refs"]) if read_in_context(ref) or GAME_REF.match(ref)]
    return {k: ([v[i] for i in keep] if isinstance(v, list) else v) for k, v in data.items()}


def context_inputs(data: dict, index, rng: np.random.Generator, augment: bool = True) -> list[np.ndarray]:
    """Ink maps of the cells ``index``: each wide crop cut with a fresh jitter and the context margin."""
    out = []
    for i in index:
        c = mc.jittered_crop(data["images"][i], data["origins"][i], data["boxes"][i], rng, CONTEXT_MARGIN)
        out.append(rd.ink_map(tr.augment(c, rng) if augment else c))
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--train", required=True, help="training cells (make_cells --mode train --pad 28)")
    ap.add_argument("--val", required=True, help="validation cells (test writers, --mode train --pad 28)")
    ap.add_argument("--out", required=True, help="folder for context.onnx/json")
    ap.add_argument("--start", default=str(ROOT / "digitize" / "models" / rd.MODEL_FILE))
    ap.add_argument("--epochs", type=int, default=EPOCHS)
    ap.add_argument("--lr", type=float, default=LR)
    ap.add_argument("--elastic", type=float, default=0.3)
    ap.add_argument("--max-cells", type=int, default=0, help="train on the first N cells only (quick tries)")
    ap.add_argument("--weights", help="skip training: calibrate, export and check the weights a run saved "
                                      "(OUT/context_state.pt, copied away); --trained-seconds says how long it trained")
    ap.add_argument("--trained-seconds", type=float, default=0.0)
    args = ap.parse_args(argv)

    torch.set_num_threads(tr.THREADS)
    torch.manual_seed(SEED)
    rng = np.random.default_rng(SEED)
    tr.AUG["elastic"] = (args.elastic, tr.AUG["elastic"][1])
    train, val = body(mc.load(args.train)), body(mc.load(args.val))
    train_meta, val_meta = train["meta"], val["meta"]
    if args.max_cells:
        train = {k: (v[: args.max_cells] if isinstance(v, list) else v) for k, v in train.items()}
    print(f"train {len(train['labels'])} cells ({sum(c > SPILL for c in train['cut'])} spilling), "
          f"val {len(val['labels'])} ({sum(c > SPILL for c in val['cut'])} spilling)", flush=True)
    val_maps = context_inputs(val, range(len(val["labels"])), np.random.default_rng(2), augment=False)
    model = th.load_onnx(Path(args.start))
    print(f"start: val exact (greedy, context crops) {tr.greedy_exact(model, val_maps, val['labels']):.2%}", flush=True)

    base = np.arange(len(train["labels"]))
    spill = np.array([i for i, c in enumerate(train["cut"]) if c > SPILL], np.int64)
    per_epoch = sum(tr.EPOCH_SHARE.get(k, 1.0) for k in train["kinds"]) + SPILL_REPEAT * len(spill)
    steps = (math.ceil(1.05 * per_epoch / tr.BATCH) + len(range(rd.MIN_W, rd.MAX_W + 1, rd.WIDTH_STEP))) * args.epochs
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=tr.WEIGHT_DECAY)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=steps, pct_start=0.2)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    if args.weights:
        model.load_state_dict(torch.load(args.weights))
    for epoch in range(0 if args.weights else args.epochs):
        te = time.time()
        keep = [i for i in base if rng.random() < tr.EPOCH_SHARE.get(train["kinds"][i], 1.0)]
        order = rng.permutation(np.concatenate([np.array(keep, np.int64), np.repeat(spill, SPILL_REPEAT)]))
        maps = context_inputs(train, order, rng)
        targets = [torch.tensor(tr.encode(train["labels"][i]), dtype=torch.long) for i in order]
        loss = tr.train_epoch(model, maps, targets, opt, sched, rng)
        ok = tr.greedy_exact(model, val_maps, val["labels"])
        print(f"epoch {epoch + 1}: loss {loss:.4f}, val exact (greedy) {ok:.2%}, {time.time() - te:.0f} s, "
              f"total {(time.time() - t0) / 60:.1f} min", flush=True)
    train_seconds = args.trained_seconds if args.weights else time.time() - t0
    if not args.weights:
        torch.save(model.state_dict(), out / "context_state.pt")
    temperature = tr.calibrate(model, val_maps, val["labels"])
    onnx_path, meta_path = out / f"{NAME}.onnx", out / f"{NAME}.json"
    max_diff = tr.export_checked(model, onnx_path, val_maps, {"ink": {0: "n", 3: "w"}, "logits": {0: "n", 3: "t"}})

    # the comparison: the packaged main network on the usual crops, this one on the context crops
    plain = [rd.ink_map(c) for c in th.cut_once(val, np.random.default_rng(2))]     # as the pipeline cuts them
    cut = np.array(val["cut"]) > REPORT_CUT
    written = np.array([k != "empty" for k in val["kinds"]])
    figures = {}
    for name, m, maps in (("main network, usual crop", th.load_onnx(Path(args.start)), plain),
                          ("context network, context crop", model, val_maps)):
        texts = [rd.greedy(torch.softmax(lg, 1).numpy()) for lg in tr.model_logits(m, maps)]
        ok = np.array([t == lab for t, lab in zip(texts, val["labels"])])
        figures[name] = {"exact": round(float(ok.mean()), 4), "exact_written": round(float(ok[written].mean()), 4),
                         "exact_out_of_crop": round(float(ok[cut].mean()), 4),
                         "exact_others": round(float(ok[~cut].mean()), 4)}
        print(f"{name}: exact {ok.mean():.2%}, written {ok[written].mean():.2%}, writing more than "
              f"{REPORT_CUT:.0%} out of the usual crop ({cut.sum()} cells) {ok[cut].mean():.2%}, "
              f"the others {ok[~cut].mean():.2%}")

    meta = th.fine_tuned_meta(Path(args.start), model, onnx_path, max_diff)
    meta["input"] = dict(meta.get("input", {}), crop=(
        f"the cell cut by digitize.cells.crop with margin digitize.cells.CONTEXT_MARGIN {list(CONTEXT_MARGIN)} "
        "(shares of the cell's height left and right, above and below): its neighbours' writing around it"))
    meta.update({
        "name": "skatscan context reader",
        "reads": ("the game-row and footer cells the list still doubts after the second look, cut with their "
                  "neighbours around them (digitize.reader.CellReader.read_context, digitize.pipeline.decode_reads)"),
        "calibration": {"temperature": temperature,
                        "method": "Brier score of the best reading on the validation cells (test writers)"},
        "training": {
            **meta["training"],
            "data": ("synthetic cells made by tools/make_cells.py --mode train --pad 28 (wide crops re-cut with a "
                     "fresh jitter every epoch); game-row and footer cells alone"),
            "train_file": f"{Path(args.train).name} ({train_meta.get('pages')} pages, seed {train_meta.get('seed')}, "
                          f"generator {train_meta.get('generator')})",
            "train_cells": len(train["labels"]), "spilling_cells": int(len(spill)), "spill": SPILL,
            "spill_repeat": SPILL_REPEAT, "train_writers": "glyph bank split 'train'",
            "val_file": f"{Path(args.val).name} ({val_meta.get('pages')} pages, seed {val_meta.get('seed')})",
            "val_cells": len(val["labels"]), "val_writers": "glyph bank split 'test' (never seen in training)",
            "epochs": args.epochs, "epoch_share": tr.EPOCH_SHARE, "batch": tr.BATCH, "lr": args.lr, "seed": SEED,
            "threads": tr.THREADS, **tr.run_facts(train_seconds),
        },
        "validation": {"greedy": figures, "out_of_crop_share": REPORT_CUT, "out_of_crop_cells": int(cut.sum())},
        "date": datetime.date.today().isoformat(),
    })
    meta_path.write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"\nwrote {onnx_path} ({onnx_path.stat().st_size / 1e6:.2f} MB) and {meta_path}; "
          f"training {train_seconds / 60:.1f} min")


if __name__ == "__main__":
    main()
