"""What a cell's reading means in its column: the value of a text (:func:`parse`), how a keeper writes a value
(:func:`spellings`), a reading's candidate values (:func:`values_of`), and :class:`CellRead`, what an engine
read in one cell. The reader's texts: digits, ``-`` (a minus, or alone a dash: nobody played), ``,`` (money),
``X`` (a mark), ``~`` (a signature or scribble), ``#`` (a stroke of a crossed-out row), and the empty string for
an empty cell.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Optional

from audit.listjson import LIMITS
from audit.model import MARK_FIELDS

#: Loss money a list holds (EUR): a player's (0.50 for each of the first three lost games and 1.00 for each
#: further one, spec rules.md section 9: twenty lost games are 18.50) and the table's; "1,00" read without
#: its comma is 100.
MONEY_MAX = {"money": 30.0, "money_total": 120.0}

NEGATIVE_OK = {"total", "points", "bonus", "score", "others_lost"}

#: Which range of audit.listjson.LIMITS a column's figures must lie in.
FIELD_LIMIT = {"base": "small", "mit": "small", "ohne": "small", "plus": "value", "minus": "value",
               "won": "count", "lost": "count", "series": "count", "table": "count", "start_number": "count"}

#: A game row's cell reference ("g12.plus", "g3.p2.total"), its row number the group.
GAME_REF = re.compile(r"^g(\d+)\.")
_INT = re.compile(r"^-?\d{1,5}$")

#: An amount: euros (a dash or nothing for none, "-,50" and ",50" as a keeper writes 50 cents), then a comma and cents
#: (a dash for none, "4,-").
_MONEY = re.compile(r"^(\d{1,3}|-?)(?:,(\d{1,2}|-))?$")


@dataclass(frozen=True)
class CellRead:
    """What an engine read in one cell: ``candidates`` are (text, probability), best first."""

    ref: str
    text: str
    confidence: float
    candidates: tuple[tuple[str, float], ...] = ()
    quad: Optional[tuple[tuple[float, float], ...]] = None
    #: the reader's per-step probabilities (:attr:`digitize.reader.CellResult.probs`), to ask it how probable a
    #: value its top readings lack is (:meth:`Cells.propose`); empty from an engine without them
    probs: tuple = field(default=(), compare=False, repr=False)
    #: the share of the cell that lies off the photo (:func:`digitize.cells.share_off_photo`): the decoder doubts a
    #: cell partly off it whatever was read there (digitize.doubts.OFF_PHOTO)
    off_photo: float = 0.0
    #: what the cell holds beside its value, read with it: the signature ("~") in the DSkV box that holds the loss
    #: money (:func:`digitize.loss_money.money_in_box`); ``probs`` are then the whole box's, and a text is asked
    #: about alone and with it on either side
    beside: str = ""



@functools.lru_cache(maxsize=8192)
def field_of(ref: str) -> str:
    """The column of a cell reference: ``g3.p2.total`` -> ``total``, ``footer.money.2`` -> ``money`` (remembered: the
    decoder asks it about the same thousand references tens of thousands of times a list)."""
    if ref.startswith("footer."):
        return ref.split(".")[1]
    if ref.startswith("signature."):
        return "signature"
    if ref.startswith("table."):
        return ref.split(".")[1]
    return ref.rsplit(".", 1)[1]



#: A reading of a cell at least this probable counts as one of its readings where the list weighs what else it could
#: hold: a confident cell in a row that does not add up is marked doubtful (its reading kept) when one of its other
#: candidates, at least this probable, would make the row add up (:mod:`digitize.doubts`, :mod:`digitize.settle`); a
#: lost game's column is not confirmed beside such a reading that an overbid explains (:mod:`digitize.confirm`).
ALT_MIN = 0.002


NOTHING = object()



@functools.lru_cache(maxsize=65536)
def parse(field: str, text: str):
    """The value of ``text`` in a cell of ``field``; :data:`NOTHING` when it cannot be one (remembered: a value is
    immutable, and the decoder parses the same few texts thousands of times a list).

    >>> parse("total", "-94"), parse("total", "-"), parse("plus", "-5") is NOTHING
    (-94, None, True)
    >>> parse("hand", "X"), parse("money", "4,-"), parse("money", "3,50"), parse("money", "350"), parse("money", "25")
    (True, 4.0, 3.5, 3.5, 25.0)
    >>> parse("money", "-,50"), parse("money", ",50"), parse("money", ",-") is NOTHING
    (0.5, 0.5, True)
    """
    if field == "signature":
        # any ink the reader saw in the box: a signature, figures, a mark, or what it took for the stroke
        # of a crossed-out row (no row runs through a signature box; the box network reads some scribbles
        # so: on seed 7's photos two signed boxes read "#" and "" were "not signed" without a doubt)
        return bool(re.search(r"[~0-9X#]", text))
    t = text.replace("#", "")
    if field in MARK_FIELDS or field == "passed":
        if t in ("", "-"):
            return False
        return True if t in ("X", "x", "+") else NOTHING
    if field in ("money", "money_total"):
        if t in ("", "-"):
            return None
        m = _MONEY.match(t)
        if not m or not m.group(1).isdigit() and not (m.group(2) or "-").isdigit():
            return NOTHING        # neither euros nor cents (",-", "-,-")
        cents = m.group(2)
        if cents is None and len(m.group(1)) == 3 and int(m.group(1)) > MONEY_MAX[field]:
            # "450": the comma left out, or the cents written small beside the euros ("4 50"); no list holds
            # 450 EUR
            return round(int(m.group(1)) / 100, 2)
        euros = int(m.group(1)) if m.group(1).isdigit() else 0
        return round(euros + (int(cents.ljust(2, "0")) / 100 if cents and cents != "-" else 0.0), 2)
    if t in ("", "-", "~"):
        return None
    if not _INT.match(t):
        return NOTHING
    v = int(t)
    if v < 0 and field not in NEGATIVE_OK:
        return NOTHING
    lo, hi = LIMITS[FIELD_LIMIT.get(field, "total")]
    if not lo <= v <= hi:
        return NOTHING        # no such figure on a list (the reader's candidate is impossible)
    return v



def spellings(field: str, value) -> list[str]:
    """How a keeper writes ``value`` in a cell of ``field`` (each text :func:`parse` reads as it): a figure its
    digits, an amount of money with a comma ("3,50"; whole euros "4,-", "4,00" or "4"), a mark "X" (none: the empty
    cell); none for a value the column cannot hold. Cents alone as "-,50" or ",50" too.

    >>> spellings("total", -94), spellings("money", 3.5), spellings("money_total", 4.0), spellings("plus", -5)
    (['-94'], ['3,50', '350'], ['4,-', '4,00', '4', '400'], [])
    >>> spellings("money_total", 1.0)                   # "100" is 100 EUR there (at most MONEY_MAX)
    ['1,-', '1,00', '1']
    >>> spellings("money", 0.5)
    ['0,50', '-,50', ',50', '050']
    >>> spellings("ouvert", True), spellings("hand", False), spellings("base", True)
    (['X'], [''], [])
    """
    if field in ("money", "money_total"):
        if type(value) not in (int, float) or value < 0:
            return []
        cents = round(value * 100)
        euros, rest = divmod(cents, 100)
        texts = [f"{euros},-", f"{euros},00", f"{euros}"] if rest == 0 else [f"{euros},{rest:02d}"]
        if euros == 0 and rest:
            texts += [f"-,{rest:02d}", f",{rest:02d}"]      # cents alone ("-,50")
        texts.append(f"{euros}{rest:02d}")     # the comma left out (parse: when no list holds that many euros)
    elif type(value) is int:
        texts = [str(value)]
    elif type(value) is bool and (field in MARK_FIELDS or field == "passed"):
        texts = ["X"] if value else [""]
    else:
        return []
    return [t for t in texts if parse(field, t) == value]



def values_of(read: CellRead, field: str) -> list[tuple[object, float]]:
    """Parsed candidate values with probabilities (merged, best first)."""
    out: dict = {}
    cands = read.candidates or ((read.text, read.confidence),)
    for text, p in cands:
        v = parse(field, text)
        if v is NOTHING:
            continue
        key = (type(v).__name__, v)
        out[key] = out.get(key, 0.0) + p
    return sorted(((k[1], p) for k, p in out.items()), key=lambda kv: -kv[1])



def empty_value(field: str):
    if field in MARK_FIELDS or field in ("passed", "signature"):
        return False
    return None
