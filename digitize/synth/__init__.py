"""Synthetic filled lists: simulated series drawn by hand into forms and photographed.

Used by the tests and benchmarks of the reader, never at run time of a scan.
"""
