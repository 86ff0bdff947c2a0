"""The console front end: a full-screen prompt_toolkit application.

``run_app(controller_or_lobby, lang)`` runs it: a ``SeatController`` (see
``wizard_p2p.seat.controller``) goes straight to the table, a ``LobbyController``
(``lobby_screen.py``) shows the lobby first and then the table it returns. The
front end only reads snapshots and sends choices; it never touches sockets or
crypto. ``run_watch_async(controller, lang=...)`` (``watch_screen``) follows a game
from no seat.

Modules: ``app`` (the ``WizardApp`` state and actions, ``run_app``), ``layout``
and ``keys`` (the layout and key-binding factories), ``shared`` (the overlays'
names and ``ConsoleState``, the part of the app the others read), ``board`` and
``panels`` (what each panel and overlay draws), ``lobby_screen`` (the lobby
protocol and screen), ``replay_screen`` (``wizard-p2p replay``: an application of
its own over a game record), ``watch_screen`` (``wizard-p2p watch``: the table of a
``WatchController``, drawn from no seat), ``watchers`` (who watches, and the host's
answers to those asking to), ``story`` (the game so far, told in words),
``controls`` (width-aware text controls), ``text`` (cell widths, card faces),
``style`` (colours), ``headless`` (the console drawn and driven without a terminal,
for tests) and ``i18n`` (the ``Translator`` and the game's terms) over one catalogue
per language: ``catalogue_en``, ``catalogue_zh`` (简体中文), ``catalogue_ja`` (日本語).
"""
