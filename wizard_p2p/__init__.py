"""wizard-p2p: the card game Wizard over a LAN with no server.

Layers (each may import only those below it; see docs/architecture.md):
rules (pure game) · crypto (card crypto) · identity · protocol (sans-I/O
log and table) · audit · net (ZeroMQ) · node · bots · tui · cli.
"""

__version__ = "0.1.0"
