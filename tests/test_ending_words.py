"""A game that ended because a seat cheated is said in the reader's language: the seat
(counted from 1), its name, the line of the log and the fault's kind; the verifier's
English words follow in English alone (in Chinese and Japanese they are the audit's)."""

from __future__ import annotations

import re

import pytest

from wizard_p2p.errors import PeerFault
from wizard_p2p.protocol.events import Faulted
from wizard_p2p.protocol.kinds import FaultKind
from wizard_p2p.tables.wizard.kinds import WizardFault
from wizard_p2p.tui.ending_text import ending_reason
from wizard_p2p.tui.i18n import Translator

NAMES = ("Ann", "Bo", "Cy")
REASON = "the card R7 does not follow suit while the hand holds R3"
ENGLISH = re.compile(r"\b[A-Za-z]{3,}\b(?:\W+\b[A-Za-z]{3,}\b){2,}")


@pytest.mark.parametrize("kind", [*FaultKind, *WizardFault], ids=str)
@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_a_cheat_ending_names_the_seat_and_the_kind_in_the_readers_words(
    kind: FaultKind | WizardFault, lang: str
) -> None:
    tr = Translator(lang)
    outcome = Faulted(PeerFault(REASON, seat=1, position=41, kind=kind.value))
    said = ending_reason(tr, outcome, NAMES)
    assert "2" in said and "Bo" in said and "42" in said  # seat and line counted from 1
    assert tr("fault_kind_" + kind.value.replace("-", "_")) in said
    if lang == "en":
        assert REASON in said
    else:
        assert REASON not in said and ENGLISH.search(said) is None, said


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_a_cheat_that_names_no_seat_is_said_without_english(lang: str) -> None:
    tr = Translator(lang)
    outcome = Faulted(PeerFault(REASON, seat=None, kind=WizardFault.DISPUTE.value))
    said = ending_reason(tr, outcome, NAMES)
    assert tr("fault_kind_dispute") in said and ENGLISH.search(said) is None, said
