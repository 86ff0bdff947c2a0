"""Every status a table or a lobby reports has its words in each of the console's languages.

``StatusKind`` is the closed list; ``STATUS_WORDS`` says each member with catalogue keys.
The console is asked for the status line of every kind, in every language, with the
fields a controller may give it.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from prompt_toolkit.input import create_pipe_input

from tests.test_tui_progress import Watched, watched
from wizard_p2p.seat.controller import WAITING_FOR, Status, StatusKind
from wizard_p2p.tui.app import WizardApp
from wizard_p2p.tui.headless import FixedSizeOutput
from wizard_p2p.tui.i18n import CATALOGUES, LANGUAGES, placeholders
from wizard_p2p.tui.status_words import STATUS_WORDS, status_text

SEATS = 4


def test_every_status_kind_is_worded_and_nothing_else() -> None:
    assert set(STATUS_WORDS) == set(StatusKind)
    assert set(WAITING_FOR.values()) <= set(StatusKind)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", list(StatusKind))
def test_every_key_of_every_status_is_in_every_catalogue(lang: str, kind: StatusKind) -> None:
    for key in STATUS_WORDS[kind].keys:
        assert key in CATALOGUES[lang], f"{lang} has no words for {kind} ({key})"


@contextmanager
def console(controller: Watched, lang: str) -> Iterator[WizardApp]:
    with create_pipe_input() as pipe:
        yield WizardApp(controller, lang, input=pipe, output=FixedSizeOutput())


statuses = st.builds(
    Status,
    kind=st.sampled_from(list(StatusKind)),
    seat=st.none() | st.integers(0, SEATS - 1),
    done=st.none() | st.integers(0, 400),
    total=st.none() | st.integers(0, 400),
    detail=st.text(alphabet=string.ascii_lowercase + " :", max_size=30),
    writer=st.none() | st.integers(0, SEATS - 1),
)


@settings(max_examples=150, deadline=None)
@given(status=statuses, lang=st.sampled_from(LANGUAGES))
def test_any_status_is_said_in_full_in_any_language(status: Status, lang: str) -> None:
    controller = watched(SEATS)
    controller.status = (status,)
    with console(controller, lang) as app:
        text = status_text(app)
        said = STATUS_WORDS[status.kind].say(app, status)
        name = app.name(status.seat) if status.seat is not None else None
    wording = STATUS_WORDS[status.kind]
    fields = placeholders(CATALOGUES[lang][wording.keys[wording.pick(status)]])
    assert said and said in text
    assert "{" not in said and "}" not in said
    if "name" in fields and name is not None:
        assert name in said
    if "detail" in fields and status.detail.strip():
        assert status.detail in said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_seat_held_up_past_the_limit_is_said_to_be_endable_now(lang: str) -> None:
    controller = watched(SEATS)
    tr = CATALOGUES[lang]
    controller.status = (Status(StatusKind.HELD_UP, seat=2, done=6, total=30, writer=1),)
    with console(controller, lang) as app:
        names = {"name": app.name(2), "writer": app.name(1)}
        assert tr["held_up"].format(left=24, bar="[##        ]", **names) in status_text(app)
        controller.status = (Status(StatusKind.HELD_UP, seat=2, done=30, total=30, writer=1),)
        controller.changed()
        assert tr["may_end"].format(**names) in status_text(app)


def test_a_watchers_notes_come_after_what_the_table_waits_for() -> None:
    controller = watched(SEATS)
    controller.status = (
        Status(StatusKind.VERIFIED, done=9),
        Status(StatusKind.REFUSED, seat=3, done=8, detail="bad signature"),
        Status(StatusKind.SHUFFLING, seat=1, done=2, total=4),
    )
    with console(controller, "en") as app:
        text = status_text(app)
    assert text == (
        "shuffling (2/4); refused the entry of line 8 from Cho: bad signature; "
        "verified up to line 9"
    )
