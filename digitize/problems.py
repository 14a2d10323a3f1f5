"""A photo skatscan cannot read, said in both of its languages.

The command line speaks English; the review report a referee reads is German by default (``--lang``). An error
about a photo carries its one sentence in both: ``str(exc)`` English, ``exc.de`` German, so that the German report
says exactly why a photo was refused (too blurred, by how much) instead of a German label beside an English
sentence.

>>> e = PhotoError("The photo is empty (0 bytes).", de="Das Foto ist leer (0 Bytes).")
>>> str(e), e.de
('The photo is empty (0 bytes).', 'Das Foto ist leer (0 Bytes).')
"""
from __future__ import annotations


class PhotoError(ValueError):
    """A photo that cannot be read: the message one English sentence saying why, ``de`` the same in German
    ("" when none was given: the report shows the English), ``why`` the kind of problem
    (:data:`desk.batch.WHY`)."""

    why = ""

    def __init__(self, message: str, de: str = ""):
        super().__init__(message)
        self.de = de


def german_decimal(x: float, places: int = 1) -> str:
    """``x`` with ``places`` decimals and a decimal comma, as a German sentence writes it.

    >>> german_decimal(2.345), german_decimal(12, 0)
    ('2,3', '12')
    """
    return f"{x:.{places}f}".replace(".", ",")
