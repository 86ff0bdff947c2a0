"""``wizard-p2p audit LOG …`` as a person reads it: the text report (SPEC §8) and the
several-copies report (SPEC §8.3) in the reader's language, from the catalogues.

The verdict itself (status, exit code, the fault's line, seat and kind, JSON) is the
audit's (``wizard_p2p.audit``, ``wizard_p2p.copies``); this module only words it. In
English it says exactly what ``format_report`` and ``format_copies`` say. A fault's
kind is worded by kind (``fault_kind_…``); the verifier's technical detail after it,
and any text taken from the log, is shown as written (escaped).
"""

from __future__ import annotations

import json

from wizard_p2p.audit import GAME_ID_DIGITS, AuditReport, audit_file, seat_said
from wizard_p2p.commands.options import AuditOptions
from wizard_p2p.commands.sorcery_cards import card_library
from wizard_p2p.copies import CopiesReport, Signed, Standing, audit_copies
from wizard_p2p.protocol.shown import shown
from wizard_p2p.rules import RoundResult
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.score_text import pad, width

HASH_DIGITS = 16


def _seat(tr: Translator, seat: int | None, names: tuple[str, ...]) -> str:
    return tr("seat_none") if seat is None else tr.say(seat_said(seat, names))


def _kind(tr: Translator, kind: str | None) -> str:
    return tr("fault_kind_" + kind.replace("-", "_")) if kind else tr("fault_kind_malformed")


def score_pad(tr: Translator, names: tuple[str, ...], history: list[RoundResult]) -> str:
    """The paper score pad: a row per round; per player bid / tricks / running total,
    columns measured in terminal cells."""
    shown_names = [shown(n) for n in names]
    sub = tr("audit_pad_sub")
    column = max(14, width(sub) + 1, *(width(n) + 2 for n in shown_names)) if names else 14
    label = tr("audit_pad_round")
    lead = max(6, width(label) + 1)
    head = pad(label, lead) + "".join(pad(_cut(n, column - 2), column, ">")
                                      for n in shown_names)
    rows = [head, " " * lead + "".join(pad(sub, column, ">") for _ in names)]
    for r in history:
        cells = "".join(
            pad(f"{b:>3} {t:>2} {tot:>6}", column, ">")
            for b, t, tot in zip(r.bids, r.taken, r.totals, strict=True)
        )
        rows.append(pad(str(r.round_no), lead - 1, ">") + " " + cells)
    return "\n".join(rows)


def _cut(text: str, cells: int) -> str:
    out = ""
    for char in text:
        if width(out + char) > cells:
            break
        out += char
    return out


def _first_line(message: str) -> str:
    return message.split("\n", 1)[0]


def verdict(tr: Translator, report: AuditReport) -> str:
    """The verdict line(s): a fault with its line, the seat to blame and its kind; any
    other status as its sentence; then a line per note (a torn line, evidence unread)."""
    detail = tr.say(report.verdict) if report.verdict is not None else _first_line(
        report.message)
    if report.status == "fault":
        assert report.fault_position is not None
        detail = tr("audit_fault", line=report.fault_position + 1,
                    who=_seat(tr, report.fault_seat, report.names),
                    kind=_kind(tr, report.fault_kind), detail=detail)
    return "\n".join([detail, *(tr.say(note) for note in report.notes)])


def report_text(tr: Translator, report: AuditReport) -> str:
    """The text report of one log (SPEC §8), in ``tr``'s language."""
    lines = []
    if report.game_id:
        lines.append(tr("audit_game", id=report.game_id[:GAME_ID_DIGITS], n=report.entries))
    if report.history:
        lines.append(score_pad(tr, report.names, report.history))
    if report.winners and report.status == "verified":
        lines.append(tr("audit_winners", names=tr("comma").join(
            shown(report.names[s]) for s in report.winners)))
    lines.append(verdict(tr, report))
    for checked in report.evidence:
        record = checked.evidence
        what = tr("audit_evidence_of", seat=_seat(tr, record.seat, report.names),
                  kind=record.kind, line=record.position + 1)
        lines.append(tr("audit_proven", what=what) if checked.proven
                     else tr("audit_proves_nothing", what=what, why=checked.message))
    return "\n".join(lines)


def _count(tr: Translator, n: int, one: str, many: str) -> str:
    return tr(one if n == 1 else many, n=n)


def _copies_list(tr: Translator, held: tuple[int, ...]) -> str:
    which = tr("comma").join(str(i + 1) for i in held)
    return tr("copies_in_one" if len(held) == 1 else "copies_in_many", which=which)


def _standing(tr: Translator, standing: Standing) -> str:
    return tr.say(standing.said) if standing.said is not None else standing.message


def _signed(tr: Translator, s: Signed, names: tuple[str, ...]) -> str:
    return tr("copies_signed_entry", seat=_seat(tr, s.seat, names), kind=s.kind,
              hash=s.hash[:HASH_DIGITS])


def _unread(tr: Translator, report: CopiesReport) -> str:
    """Why no ending stands: the copies are not of one game, or some cannot be read."""
    if report.said is not None:
        return tr.say(report.said)
    unread = [c for c in report.copies if c.genesis is None or c.status == "unreadable"]
    return tr("semicolon").join(
        f"{shown(c.name)}{tr('colon')}{'; '.join(verdict(tr, c.report).splitlines())}"
        for c in unread) or tr("copies_no_copy")


def copies_text(tr: Translator, report: CopiesReport) -> str:
    """The several-copies report (SPEC §8.3), in ``tr``'s language."""
    names = report.names
    lines = []
    if report.game_id:
        lines.append(tr("copies_game", id=report.game_id[:GAME_ID_DIGITS],
                        copies=_count(tr, len(report.copies), "copies_count_one",
                                          "copies_count_many")))
    for n, c in enumerate(report.copies, start=1):
        text = "; ".join(verdict(tr, c.report).splitlines())
        if c.status == "unreadable":
            text = tr("copies_unreadable", why=text)
        lines.append(tr("copies_copy", n=n, name=shown(c.name),
                        lines=_count(tr, len(c.lines), "copies_lines_one",
                                     "copies_lines_many"),
                        verdict=text))
    for fork in report.forks:
        held = tr("semicolon").join(
            tr("copies_held", entry=_signed(tr, s, names), where=_copies_list(tr, copies))
            for s, copies in fork.held
        )
        lines.append(tr("copies_fork", line=fork.position + 1, held=held))
    for (s, _), why in zip(report.refuted, report.refuted_said, strict=True):
        lines.append(tr("copies_refuted", seat=_seat(tr, s.seat, names), line=s.position + 1,
                        why=tr.say(why)))
    if report.standing is None:
        lines.append(_unread(tr, report))
    else:
        standing = _standing(tr, report.standing)
        lines.append(tr("copies_fork_stands", line=report.forks[0].position + 1,
                        standing=standing) if report.forks
                     else tr("copies_agree", standing=standing))
        for s in report.standing.proof:
            lines.append(tr("copies_signed_by", seat=_seat(tr, s.seat, names),
                            line=s.position + 1, kind=s.kind, sig=s.sig))
    return "\n".join(lines)


def audit(options: AuditOptions) -> int:
    """Print the audit of one log, or of several copies of one game; its exit code."""
    if len(options.logs) > 1:
        copies = audit_copies(list(options.logs))
        if options.json:  # ASCII only: nothing in it acts on a terminal
            print(json.dumps(copies.to_json(), indent=2, ensure_ascii=True))
        else:
            print(copies_text(Translator(options.lang), copies))
        return copies.exit_code
    report = audit_file(options.logs[0], cards=card_library(options.cards, options.data_dir))
    if options.json:
        print(json.dumps(report.to_json(), indent=2, ensure_ascii=True))
    else:
        print(report_text(Translator(options.lang), report))
    return report.exit_code


__all__ = ["audit", "copies_text", "report_text", "score_pad", "verdict"]

