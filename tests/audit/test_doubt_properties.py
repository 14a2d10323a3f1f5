"""A reading doubt and an error on paper are different things, and the referee must always see which is which.

Property: on a list read from a photo with some cells in doubt (tests.audit.doubtful_lists), every finding told as
an error on paper (an error or warning not in doubt) is still one, with the same code, game and seat (a footer
finding its line too), after the referee reads any one doubtful cell as any one of the reader's candidates there
(desk.settle.apply): it rested on no doubt. A finding that does rest on one is told as a doubt until the referee has
looked.

The examples are drawn the same way on every run (``derandomize``); `python bench/bench_doubts.py` sweeps the
property over seeded lists. A figure read in doubt that decides whether a row is a lost game (a declarer's total
beside a "+" falling by the game's loss, a seat's total or penalty points before a row several seats took, the "+"
or the game's columns beside a fall) broke it about once in 1,700 lists: 7 of seeds 0-11,999 told a finding as an
error on paper that went when the referee read the figure (2454, 3315, 4162, 5290, 6470, 8460, 9273); the auditor
now works out which such figures a footer or money finding rests on (audit.rows_in_doubt). What is left (seeds
0-19,999) are sure findings the referee's reading makes doubtful, never one it makes go (4387, 12352, 13887: in a
row that becomes one several seats took, or whose outcome then turns with its "+", a "+" read in doubt counts for
the finding, though none of its readings changes it); that must not make the suite fail at random. Since session 51
a third of the lists also hold a row's passed-game mark read in doubt: 13 of seeds 0-3,999 then lost a sure finding
of that row (a "+" no game has, two declarers, a count), which now rests on the mark (audit.auditor). Run the sweep
over other seeds to look for more.
"""
from hypothesis import given, settings
from hypothesis import strategies as st

from audit.auditor import audit

from .doubtful_lists import doubtful_list, lost_sure_findings, settled, sure

seeds = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(seeds, st.sampled_from([3, 4]), st.sampled_from(["tournament", "tournament", "home", "private"]),
       st.booleans(), st.integers(1, 5))
def test_a_sure_finding_stays_whatever_the_referee_reads_in_a_doubtful_cell(seed, seats, kind, penalties, doubts):
    sl = doubtful_list(seed, seats, kind, penalties and kind != "tournament", doubts=doubts)
    assert lost_sure_findings(sl, audit) == []


def test_the_generated_lists_hold_doubts_sure_findings_and_settle_as_a_referee_does():
    """The property's lists are what it needs: cells in doubt with several candidates, sure findings beside them, and
    a referee's reading that lifts the doubt and puts the figure in the cell."""
    lists = [doubtful_list(seed, 3 + seed % 2, ("tournament", "home", "private")[seed % 3], seed % 2 == 0)
             for seed in range(40)]
    assert all(sl.doubtful_cells() for sl in lists)
    assert sum(bool(sure(audit(sl).findings)) for sl in lists) >= 10
    assert any(ref.startswith("penalty.") for sl in lists for ref in sl.readings)
    assert any(ref.startswith("footer.") for sl in lists for ref in sl.readings)
    sl = lists[0]
    ref = sorted(sl.doubtful_cells())[0]
    value = sl.readings[ref].candidates[-1][0]
    after = settled(sl, ref, value)
    assert ref not in after.doubtful_cells() and after.settled[ref].reading and after.settled[ref].value == value
