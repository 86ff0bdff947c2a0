"""The console's colours.

Cards wear their suit's colour as a background (blue Humans, green Elves, red
Dwarves, yellow Giants), Wizards are white on purple and Jesters black on grey,
so the six kinds differ at a glance; the letters on them (B, G, R, Y, Z, N)
carry the same information for a terminal without colour (``NO_COLOR`` is
honoured by prompt_toolkit). A card that may not be played now loses its
background and is dimmed; the chosen card is reversed and bracketed.
"""

from __future__ import annotations

from prompt_toolkit.styles import Style

STYLE = Style.from_dict(
    {
        "title": "bold",
        "frame.label": "bold",
        "header": "bold underline",
        "me": "bold",
        "turn": "bold #ffaf00",
        "offline": "#ff5f5f",
        "dim": "#808080",
        "winning": "bold",
        "card": "bold",
        "card.b": "bg:#1c4fd6 #ffffff",
        "card.g": "bg:#1f8a3a #ffffff",
        "card.r": "bg:#c4231c #ffffff",
        "card.y": "bg:#e8c21a #000000",
        "card.z": "bg:#6b2fb3 #ffffff",
        "card.n": "bg:#9e9e9e #000000",
        "card.hidden": "bg:#444444 #ffffff",
        # A card that may not be played: no colour block, dimmed text (still readable).
        "card.illegal": "bg:default #6c6c6c nobold dim",
        "card.selected": "reverse",
        "bid.choice": "bold reverse",
        "bid.forbidden": "strike #ff5f5f",
        "prompt": "bold",
        "hint": "#8a8a8a",
        "message": "bold #ff5f5f",
        "status": "#5fafff",
        "footer": "reverse",
        "overlay": "bg:#1c1c1c",
        "dialog": "bg:#303030",
        "lobby.code": "bold #ffaf00",
        "lobby.address": "bold underline",
    }
)
