"""The referee's desk: batch scanning, the review report, settlements and standings pages."""
