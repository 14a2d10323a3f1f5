"""The rows' counts with each reading of a count read in doubt (:func:`audit.rows.count_tallies`) analyse the rows
again for every reading: an audit works them out once, for the footer's and the money's checks both (before, each
check did, and the reader's confirmation of a footer line once more for every line, to throw them away)."""
import audit.auditor
import audit.checks.footer
import audit.checks.money
import audit.rows
from audit.auditor import audit as run_audit
from audit.checks.footer import LINES
from digitize.confirm import _footer_vouched_apart

from .doubtful_lists import doubtful_list


def _counting(monkeypatch) -> list:
    calls = []
    real = audit.rows.count_tallies

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)
    for module in (audit.rows, audit.auditor, audit.checks.footer, audit.checks.money):
        if hasattr(module, "count_tallies"):
            monkeypatch.setattr(module, "count_tallies", counted)
    return calls


def test_an_audit_works_the_counts_read_in_doubt_out_once(monkeypatch):
    sl = doubtful_list(3, 4, "tournament", False, doubts=5)
    assert not sl.footer.blank
    calls = _counting(monkeypatch)
    run_audit(sl)
    assert len(calls) == 1


def test_the_confirmation_of_a_footer_line_works_out_no_counts(monkeypatch):
    sl = doubtful_list(3, 4, "tournament", False, doubts=5)
    calls = _counting(monkeypatch)
    facts: list = []
    for line in LINES:
        _footer_vouched_apart(sl, f"footer.{line}.1", set(), facts)
    assert calls == []
