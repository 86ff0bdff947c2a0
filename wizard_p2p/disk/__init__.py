"""The game's files on disk: the log appended entry by entry, and the evidence file read.

What the files hold is the protocol's (``protocol.log``, ``protocol.evidence``, which do
no I/O); opening, reading within a limit and syncing them is this package's.
"""
