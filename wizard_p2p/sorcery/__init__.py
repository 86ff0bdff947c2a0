"""巫师牌 (Sorcery TCG), the rule documents' second game, as a pure library.

Standard library only: no I/O, no clock, no randomness (a caller passes its choices and
its random draws in). ``cards.py`` holds the value types of one card; the card file
itself is the game's data, decoded from the user's copy at run time, never shipped.
"""
