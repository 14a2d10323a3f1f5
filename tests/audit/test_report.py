"""The terminal report a referee reads (audit.report.render_text)."""
from dataclasses import replace

from audit.auditor import audit
from audit.model import CellReading
from audit.report import render_text

from .builders import make_list, row


def test_a_reading_doubt_names_its_cell_and_an_error_says_what_was_written_and_expected():
    """A doubt's line names the cell as the list shows it ("Spiel 1 · Grundwert") and its candidates, with no
    "[... geschrieben ..., erwartet —]" beside it (nothing is expected of a reading); an error on paper says what the
    keeper wrote and what the rules expect (a lost game written single: "-" 24 instead of 48)."""
    sl = make_list([row(1, 3, seat=1, total=-24, base=12, mit=1, minus=24)], signatures=None)
    unsure = CellReading(12, 0.6, ((12, 0.6), (11, 0.3)), doubtful=True, reason="bar")
    lines = render_text(audit(replace(sl, readings={"g1.base": unsure})), "de").splitlines()
    doubt = [line for line in lines if "Zweifel" in line and "Grundwert" in line]
    assert len(doubt) == 1 and "Zelle Spiel 1 · Grundwert nicht sicher gelesen" in doubt[0]
    assert "erwartet" not in doubt[0] and "Kandidaten: 12, 11" in doubt[0]
    error = [line for line in lines if "Fehler" in line and "[-: geschrieben 24, erwartet 48]" in line]
    assert len(error) == 1, lines
