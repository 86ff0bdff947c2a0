"""Message catalogues of the console: English, 简体中文 and 日本語.

Every text the front end shows goes through a ``Translator``: ``tr("bid_prompt")``
or ``tr("waiting_bid", name="Ana")``. The three catalogues have the same keys and
the same placeholders (a test checks it), so a missing or misspelt key fails in the
tests, not in front of a player.

The game's own words come from the rule books in ``shared/seeds``:

* 简体中文 (rules-zh-hans): 巫师牌 / 愚者牌, 人类（蓝）/ 精灵（绿）/ 矮人（红）/ 巨人（黄）,
  王牌 for trump, 预测 for a bid, 纹章 (巫师纹章) for a trick, the one word for it,
  真言册 for the score pad,
  经验点 for points, 发牌者 for the dealer, and the variants 加一减一 / 隐蔽竞标 /
  秘密预言 / 鹰眼术.
* 日本語 (rules-ja): 魔法使い / 道化師, 人（青）/ エルフ（緑）/ ドワーフ（赤）/ 巨人（黄）
  (the seed misprints ドワーフ as ドワース), 切り札 for trump, 予想 for a bid,
  トリック, ディーラー, スコアパッド, and the variants ±1 / 隠しビッド / 透視.

Card faces keep their letters in every language (``B13``, ``G1``, ``Z``, ``N``):
they are what is printed on the cards and they stay narrow and readable without
colour.
"""

from __future__ import annotations

import os
import string
from collections.abc import Mapping

from wizard_p2p.errors import UsageError
from wizard_p2p.rules import Card, Suit

LANGUAGES = ("en", "zh", "ja")
LANGUAGE_NAMES = {"en": "English", "zh": "简体中文", "ja": "日本語"}

EN: dict[str, str] = {
    "title": "Wizard",
    "round_of": "Round {n} of {total}",
    "dealer": "Dealer",
    "dealer_short": "D",
    "trump": "Trump",
    "turned": "Turned",
    "no_trump": "no trump",
    "no_trump_jester": "Jester turned: no trump",
    "no_trump_last": "last round: no trump",
    "dealer_chooses": "the dealer chooses",
    "variants": "Variants",
    "no_variants": "standard rules",
    "col_player": "Player",
    "col_bid": "Bid",
    "col_took": "Took",
    "col_score": "Score",
    "col_trick": "Trick",
    "col_last": "Last",
    "sealed": "hid",
    "you": "you",
    "you_name": "You",
    "bot_name": "Bot {n}",
    "colon": ": ",
    "semicolon": "; ",
    "comma": ", ",
    "then": " - ",
    "score_entry": "{name} {points} ({total})",
    "trick_led_by": "{name} led; {winner} is winning",
    "trick_led_by_you_win": "{name} led; you are winning",
    "trick_empty": "{name} leads",
    "trick_empty_you": "You lead",
    "trick_now": "Trick",
    "trick_before": "Last trick",
    "bids_total": "bids so far: {sum} for {n} tricks",
    "last_trick": "last trick: {winner} won",
    "hand": "Your hand",
    "hand_hidden": "Your card is hidden from you: ",
    "you_see": "You see: ",
    "bid_prompt": "Your bid: ",
    "bid_range": "0..{max}",
    "bid_forbidden": "{n} is forbidden (±1)",
    "bid_hint": "←→ or digits to choose, Enter to bid",
    "sealed_hidden": "hidden bids: yours stays sealed until every bid is in",
    "sealed_secret": "secret bids: opened only after the round",
    "trump_prompt": "A Wizard was turned and you deal: choose trump ",
    "trump_hint": "←→ or B/G/R/Y to choose, Enter to confirm",
    "play_prompt": "Your turn: play a card",
    "play_hint": "←→ to choose (dim cards may not be played), Enter to play",
    "waiting_you": "your turn",
    "waiting_bid": "waiting for {name} to bid",
    "waiting_play": "waiting for {name} to play",
    "waiting_trump": "waiting for {name} to choose trump",
    "shuffling": "shuffling ({done}/{total})",
    "locking": "locking the deck ({done}/{total})",
    "dealing": "dealing ({done}/{total})",
    "revealing": "revealing the round's secrets ({done}/{total})",
    "disconnected": "{name} disconnected - waiting",
    "stalled": "{name} is not answering - e: end the game",
    "game_over": "the game is over",
    "aborted": "the game was aborted: {detail}",
    "cheated": "{name} cheated: the proof is kept beside the log",
    "held_up": "{name} is holding up the game {bar} {writer} may end it in {left} s",
    "may_end": "{name} is holding up the game: {writer} may end it now",
    "working": "working: {detail}",
    "err_not_turn": "It is not your turn.",
    "preselected": "{card} plays itself when your turn comes (Enter again: cancel)",
    "preselect_cancelled": "Nothing chosen in advance.",
    "preselect_dropped": "{card} may not be played now: choose again.",
    "bell_on": "Bell on: a beep when your turn comes (m: off).",
    "bell_off": "Bell off (m: on).",
    "err_follow": "{card} does not follow suit: play {suit} (or a Wizard or Jester).",
    "err_forbidden": "{n} is forbidden: with ±1 the bids may not add up to {total}.",
    "err_range": "Bid 0 to {max}.",
    "err_refused": "Refused: {detail}",
    "round_over": "End of round {n}",
    "col_points": "Points",
    "col_total": "Total",
    "continue": "Enter: continue   h: every hand of this round",
    "game_over_title": "Game over",
    "winner": "Winner: {names}",
    "winners": "Joint winners: {names}",
    "place": "{n}.",
    "leave": "Enter or q: leave the table",
    "scorepad": "Score pad",
    "col_round": "Rd",
    "pad_sub": "B T Total",
    "story_round": "Round {n}: {name} deals",
    "story_round_you": "Round {n}: you deal",
    "story_turned": "turned {card}",
    "story_bids": "Bids: {bids}",
    "story_trick": "Trick {n}: {plays}",
    "story_wins": "{name} wins",
    "story_wins_you": "you win",
    "story_scores": "Scores: {scores}",
    "table_log": "Table log",
    "log": "Game log",
    "recent": "Recent",
    "scroll_hint": "↑↓ PgUp PgDn Home End scroll, Esc close",
    "help": "Keys",
    "help_lines": (
        "←/→          choose a card, a bid or a suit\n"
        "↑/↓          raise / lower the bid\n"
        "0-9          type a bid (two digits for 10 and more)\n"
        "B G R Y      choose trump (Humans, Elves, Dwarves, Giants)\n"
        "Enter/Space  bid, choose trump, play the chosen card; before your turn,\n"
        "             choose the card that plays itself when your turn comes\n"
        "mouse        click a card to choose it, click again to play\n"
        "s            score pad (rows = rounds; bid / tricks / total)\n"
        "l            game log\n"
        "?            this help\n"
        "Esc          close a window\n"
        "e            end a game a silent player holds up (when offered)\n"
        "m            bell on / off (a beep when your turn comes)\n"
        "q, Ctrl-C    leave the table (asks first; a network game stays resumable)\n"
        "\n"
        "Cards: B blue Humans, G green Elves, R red Dwarves, Y yellow Giants,\n"
        "1 low .. 13 high; Z Wizard (always wins, first one); N Jester (never\n"
        "wins unless all are Jesters). Follow the suit led if you can;\n"
        "Wizards and Jesters may always be played.\n"
        "Exact bid: 20 + 10 per trick; else -10 per trick off."
    ),
    "quit_title": "Leave the table?",
    "quit_resumable": "The game stays resumable: wizard-p2p resume",
    "quit_practice": "This practice game ends here.",
    "quit_keys": "y: leave    n or Esc: stay",
    "replay": "Replay",
    "replay_deal": "The deal: every hand as dealt",
    "replay_trick": "Trick {n} of {total}",
    "replay_led": "{name} led",
    "replay_won": "{name} won it: {reason}",
    "reason_first-wizard": "the first Wizard",
    "reason_highest-trump": "the highest trump",
    "reason_highest-led": "the highest card of the suit led",
    "reason_first-jester": "all Jesters: the first",
    "replay_cut_short": "the trick was cut short",
    "replay_no_hands": "hands unknown: this round's secrets were never revealed",
    "replay_verified": "verified",
    "replay_unverified": "not verified",
    "replay_totals": "Totals after round {n}: {scores}",
    "replay_totals_before": "Totals before round {n}: {scores}",
    "replay_finished": "Complete game, verified. Winner: {names}",
    "replay_aborted": "Verified up to the abort: {detail}",
    "replay_incomplete": "Verified; {detail}",
    "replay_fault": "FAULT at position {position}: {who} is to blame [{kind}]: {detail}",
    "replay_unknown_seat": "an unknown seat",
    "replay_no_rounds": "No round was dealt.",
    "replay_jump": "round {n}: Enter to jump",
    "replay_no_round": "There is no round {n}: this log holds rounds 1 to {max}.",
    "replay_close": "s or Esc: close",
    "col_hand": "Hand",
    "replay_live": "The round just played: every card of it is public now",
    "replay_public": "public",
    "replay_dealer": "Dealer: {name} ({check})",
    "replay_trump": "Trump: ",
    "replay_turned": "Turned: ",
    "replay_sep": ", ",
    "replay_footer": "←→ trick  ↑↓ round  digits Enter: jump  s scores  ? help  q quit",
    "replay_help_lines": (
        "→ n Space    next trick (after a round's last trick: the next deal)\n"
        "← p          previous trick\n"
        "↓ PgDn N     next round\n"
        "↑ PgUp P     previous round (or this round's deal)\n"
        "Home End     first / last round\n"
        "0-9 Enter    jump to a round\n"
        "s            score pad so far\n"
        "?            this help\n"
        "Esc          close a window\n"
        "q, Ctrl-C    leave the replay\n"
        "\n"
        "Every hand is shown as it stood when the trick was led; the card\n"
        "played is reversed, and * marks the trick's winner."
    ),
    "footer": "? help  s scores  l log  q quit",
    "footer_bid": "0-9 ←→ Enter bid",
    "footer_trump": "BGRY ←→ Enter trump",
    "footer_play": "←→ Enter play",
    "lobby": "Lobby",
    "lobby_addresses": "Share this address",
    "lobby_invite": "Invite code",
    "lobby_players": "Players ({n} of {target})",
    "lobby_host": "host",
    "lobby_seat": "seat {n}",
    "lobby_start": "Enter: start the game",
    "lobby_wait_host": "waiting for the host to start the game",
    "lobby_need": "a game needs {min} to {max} players",
    "lobby_variant_keys": "1-{n}: switch a variant on or off",
    "lobby_not_host": "Only the host can start the game.",
    "lobby_waiting_players": "waiting for players ({done}/{total})",
    "lobby_connecting": "connecting to {detail}",
    "lobby_signing": "signing the table ({done}/{total})",
    "lobby_starting": "starting the game",
    "lobby_error": "Error: {detail}",
    "lobby_footer": "Enter start  ? help  q leave",
    "variant_plus_minus_one": "±1",
    "variant_hidden_bids": "hidden bids",
    "variant_secret_bids": "secret bids",
    "variant_clairvoyance": "clairvoyance",
    "variant_wizard_lead_sets_suit": "after a Wizard lead, the next suit sets the suit",
    "suit_HUMANS": "Humans (blue)",
    "suit_ELVES": "Elves (green)",
    "suit_DWARVES": "Dwarves (red)",
    "suit_GIANTS": "Giants (yellow)",
    "suit_short_HUMANS": "Humans",
    "suit_short_ELVES": "Elves",
    "suit_short_DWARVES": "Dwarves",
    "suit_short_GIANTS": "Giants",
    "wizard": "Wizard",
    "jester": "Jester",
}

ZH: dict[str, str] = {
    "title": "巫师",
    "round_of": "第 {n} 轮 / 共 {total} 轮",
    "dealer": "发牌者",
    "dealer_short": "发",
    "trump": "王牌",
    "turned": "翻开",
    "no_trump": "无王牌",
    "no_trump_jester": "翻开愚者牌：无王牌",
    "no_trump_last": "最后一轮：无王牌",
    "dealer_chooses": "由发牌者决定",
    "variants": "变体规则",
    "no_variants": "标准规则",
    "col_player": "学徒",
    "col_bid": "预测",
    "col_took": "纹章",
    "col_score": "经验",
    "col_trick": "本纹章",
    "col_last": "上纹章",
    "sealed": "密",
    "you": "你",
    "you_name": "你",
    "bot_name": "机器人 {n}",
    "colon": "：",
    "semicolon": "；",
    "comma": "，",
    "then": "，",
    "score_entry": "{name} {points}（{total}）",
    "trick_led_by": "{name} 先出；{winner} 领先",
    "trick_led_by_you_win": "{name} 先出；你领先",
    "trick_empty": "{name} 先出牌",
    "trick_empty_you": "你先出牌",
    "trick_now": "本纹章",
    "trick_before": "上一枚纹章",
    "bids_total": "预测合计：{sum}（本轮 {n} 枚纹章）",
    "last_trick": "上一枚纹章：{winner} 赢得纹章",
    "hand": "你的手牌",
    "hand_hidden": "你看不到自己的牌：",
    "you_see": "你看到：",
    "bid_prompt": "你的预测：",
    "bid_range": "0～{max}",
    "bid_forbidden": "{n} 被禁止（加一减一）",
    "bid_hint": "←→ 或数字选择，回车确认预测",
    "sealed_hidden": "隐蔽竞标：所有人预测完毕后一起公布",
    "sealed_secret": "秘密预言：本轮结束后才公布",
    "trump_prompt": "翻开了巫师牌，由你发牌：请选择王牌 ",
    "trump_hint": "←→ 或 B/G/R/Y 选择，回车确认",
    "play_prompt": "轮到你出牌",
    "play_hint": "←→ 选择（灰色的牌不能出），回车出牌",
    "waiting_you": "轮到你了",
    "waiting_bid": "等待 {name} 预测",
    "waiting_play": "等待 {name} 出牌",
    "waiting_trump": "等待 {name} 选择王牌",
    "shuffling": "洗牌中（{done}/{total}）",
    "locking": "锁定牌堆（{done}/{total}）",
    "dealing": "发牌中（{done}/{total}）",
    "revealing": "公开本轮密钥（{done}/{total}）",
    "disconnected": "{name} 已断线，等待中",
    "stalled": "{name} 没有响应：按 e 结束游戏",
    "game_over": "游戏结束",
    "aborted": "游戏中止：{detail}",
    "cheated": "{name} 作弊：证据已保存在日志旁",
    "held_up": "{name} 拖住了游戏 {bar} {left} 秒后 {writer} 可以结束游戏",
    "may_end": "{name} 拖住了游戏：{writer} 现在可以结束游戏",
    "working": "处理中：{detail}",
    "err_not_turn": "还没轮到你。",
    "preselected": "轮到你时自动打出 {card}（再按回车取消）",
    "preselect_cancelled": "已取消预选。",
    "preselect_dropped": "现在不能出 {card}，请重新选择。",
    "bell_on": "提示音已开启：轮到你时响铃（按 m 关闭）。",
    "bell_off": "提示音已关闭（按 m 开启）。",
    "err_follow": "{card} 没有跟出同色牌：请出{suit}（或巫师牌、愚者牌）。",
    "err_forbidden": "{n} 被禁止：加一减一规则下预测总和不能等于 {total}。",
    "err_range": "请预测 0 到 {max}。",
    "err_refused": "被拒绝：{detail}",
    "round_over": "第 {n} 轮结束",
    "col_points": "得分",
    "col_total": "总计",
    "continue": "回车：继续　　h：本轮每位学徒的手牌",
    "game_over_title": "游戏结束",
    "winner": "胜者：{names}",
    "winners": "并列胜者：{names}",
    "place": "第{n}名",
    "leave": "回车或 q：离开牌桌",
    "scorepad": "真言册",
    "col_round": "轮",
    "pad_sub": "预 纹 总计",
    "story_round": "第 {n} 轮：{name} 发牌",
    "story_round_you": "第 {n} 轮：你发牌",
    "story_turned": "翻开 {card}",
    "story_bids": "预测：{bids}",
    "story_trick": "第 {n} 枚纹章：{plays}",
    "story_wins": "{name} 赢得纹章",
    "story_wins_you": "你赢得纹章",
    "story_scores": "得分：{scores}",
    "table_log": "牌桌记录",
    "log": "游戏记录",
    "recent": "最近",
    "scroll_hint": "↑↓ PgUp PgDn Home End 滚动，Esc 关闭",
    "help": "按键",
    "help_lines": (
        "←/→          选择牌、预测或花色\n"
        "↑/↓          增加 / 减少预测\n"
        "0-9          输入预测（10 以上输入两位数）\n"
        "B G R Y      选择王牌（人类、精灵、矮人、巨人）\n"
        "回车/空格    确认预测、王牌或打出所选的牌；未轮到你时，\n"
        "             预选轮到你时自动打出的牌\n"
        "鼠标         点击一张牌选中，再点一次打出\n"
        "s            真言册（每行一轮：预测 / 纹章 / 总计）\n"
        "l            游戏记录\n"
        "?            本帮助\n"
        "Esc          关闭窗口\n"
        "e            结束被无响应玩家拖住的游戏（提示时）\n"
        "m            开启 / 关闭提示音（轮到你时响铃）\n"
        "q、Ctrl-C    离开牌桌（会先确认；联网游戏可以恢复）\n"
        "\n"
        "牌：B 蓝色人类，G 绿色精灵，R 红色矮人，Y 黄色巨人，1 最小 13 最大；\n"
        "Z 巫师牌（第一张巫师牌获胜）；N 愚者牌（只有全是愚者牌时才获胜）。\n"
        "能跟同色牌时必须跟；巫师牌和愚者牌任何时候都可以出。\n"
        "预测正确：20 + 每个纹章 10；否则每差一个纹章 -10。"
    ),
    "quit_title": "离开牌桌？",
    "quit_resumable": "游戏可以恢复：wizard-p2p resume",
    "quit_practice": "本局练习游戏将就此结束。",
    "quit_keys": "y：离开    n 或 Esc：留下",
    "replay": "复盘",
    "replay_deal": "发牌：每位学徒发到的手牌",
    "replay_trick": "第 {n} 个纹章 / 共 {total} 个",
    "replay_led": "{name} 先出",
    "replay_won": "{name} 赢得纹章：{reason}",
    "reason_first-wizard": "第一张巫师牌",
    "reason_highest-trump": "最大的王牌",
    "reason_highest-led": "首出花色中最大的牌",
    "reason_first-jester": "全是愚者牌：第一张",
    "replay_cut_short": "这一纹章没有打完",
    "replay_no_hands": "手牌未知：本轮的秘密没有公开",
    "replay_verified": "已验证",
    "replay_unverified": "未验证",
    "replay_totals": "第 {n} 轮后的总计：{scores}",
    "replay_totals_before": "第 {n} 轮前的总计：{scores}",
    "replay_finished": "完整的游戏，已验证。胜者：{names}",
    "replay_aborted": "验证至中止：{detail}",
    "replay_incomplete": "已验证；{detail}",
    "replay_fault": "位置 {position} 有违规：责任在 {who}［{kind}］：{detail}",
    "replay_unknown_seat": "未知的座位",
    "replay_no_rounds": "没有发过牌。",
    "replay_jump": "第 {n} 轮：回车跳转",
    "replay_no_round": "没有第 {n} 轮：此记录只有第 1 至 {max} 轮。",
    "replay_close": "s 或 Esc：关闭",
    "col_hand": "手牌",
    "replay_live": "刚打完的一轮：它的每张牌现已公开",
    "replay_public": "已公开",
    "replay_dealer": "发牌者：{name}（{check}）",
    "replay_trump": "王牌：",
    "replay_turned": "翻开：",
    "replay_sep": "，",
    "replay_footer": "←→ 纹章  ↑↓ 轮  数字 回车 跳转  s 真言册  ? 帮助  q 退出",
    "replay_help_lines": (
        "→ n 空格     下一纹章（一轮最后一纹章之后：下一次发牌）\n"
        "← p          上一纹章\n"
        "↓ PgDn N     下一轮\n"
        "↑ PgUp P     上一轮（或本轮的发牌）\n"
        "Home End     第一轮／最后一轮\n"
        "0-9 回车     跳到某一轮\n"
        "s            至此的真言册\n"
        "?            本帮助\n"
        "Esc          关闭窗口\n"
        "q, Ctrl-C    离开复盘\n"
        "\n"
        "每位学徒的手牌按这一纹章首出时显示；\n"
        "打出的牌反色显示，* 标出赢得纹章的学徒。"
    ),
    "footer": "? 帮助  s 真言册  l 记录  q 退出",
    "footer_bid": "0-9 ←→ 回车预测",
    "footer_trump": "BGRY ←→ 回车",
    "footer_play": "←→ 回车出牌",
    "lobby": "大厅",
    "lobby_addresses": "分享这个地址",
    "lobby_invite": "邀请码",
    "lobby_players": "学徒（{n} / {target}）",
    "lobby_host": "主持",
    "lobby_seat": "座位 {n}",
    "lobby_start": "回车：开始游戏",
    "lobby_wait_host": "等待主持人开始游戏",
    "lobby_need": "游戏需要 {min} 至 {max} 名玩家",
    "lobby_variant_keys": "按 1-{n}：开启或关闭一条变体规则",
    "lobby_not_host": "只有主持人可以开始游戏。",
    "lobby_waiting_players": "等待玩家（{done}/{total}）",
    "lobby_connecting": "正在连接 {detail}",
    "lobby_signing": "签署牌桌（{done}/{total}）",
    "lobby_starting": "游戏即将开始",
    "lobby_error": "错误：{detail}",
    "lobby_footer": "回车 开始  ? 帮助  q 离开",
    "variant_plus_minus_one": "加一减一",
    "variant_hidden_bids": "隐蔽竞标",
    "variant_secret_bids": "秘密预言",
    "variant_clairvoyance": "鹰眼术",
    "variant_wizard_lead_sets_suit": "巫师牌先出后，下一张花色牌定花色",
    "suit_HUMANS": "人类（蓝）",
    "suit_ELVES": "精灵（绿）",
    "suit_DWARVES": "矮人（红）",
    "suit_GIANTS": "巨人（黄）",
    "suit_short_HUMANS": "人类",
    "suit_short_ELVES": "精灵",
    "suit_short_DWARVES": "矮人",
    "suit_short_GIANTS": "巨人",
    "wizard": "巫师牌",
    "jester": "愚者牌",
}

JA: dict[str, str] = {
    "title": "ウィザード",
    "round_of": "第{n}ラウンド / 全{total}",
    "dealer": "ディーラー",
    "dealer_short": "親",
    "trump": "切り札",
    "turned": "めくり札",
    "no_trump": "切り札なし",
    "no_trump_jester": "道化師：切り札なし",
    "no_trump_last": "最終ラウンド：切り札なし",
    "dealer_chooses": "ディーラーが決定",
    "variants": "ヴァリエント",
    "no_variants": "基本ルール",
    "col_player": "プレイヤー",
    "col_bid": "予想",
    "col_took": "獲得",
    "col_score": "得点",
    "col_trick": "場札",
    "col_last": "前回",
    "sealed": "秘",
    "you": "あなた",
    "you_name": "あなた",
    "bot_name": "ボット {n}",
    "colon": "：",
    "semicolon": "；",
    "comma": "、",
    "then": "、",
    "score_entry": "{name} {points}（{total}）",
    "trick_led_by": "{name} がリード、{winner} が優勢",
    "trick_led_by_you_win": "{name} がリード、あなたが優勢",
    "trick_empty": "{name} がリード",
    "trick_empty_you": "あなたがリード",
    "trick_now": "場札",
    "trick_before": "前のトリック",
    "bids_total": "予想の合計：{sum}（{n} トリック）",
    "last_trick": "前のトリック：{winner} が獲得",
    "hand": "あなたの手札",
    "hand_hidden": "自分のカードは見えません：",
    "you_see": "見えるカード：",
    "bid_prompt": "あなたの予想：",
    "bid_range": "0～{max}",
    "bid_forbidden": "{n} は禁止（±1）",
    "bid_hint": "←→ か数字で選び、Enter で予想",
    "sealed_hidden": "隠しビッド：全員の予想がそろうまで伏せたまま",
    "sealed_secret": "秘密の予想：ラウンド終了後に公開",
    "trump_prompt": "魔法使いがめくられました。切り札を選んでください ",
    "trump_hint": "←→ か B/G/R/Y で選び、Enter で決定",
    "play_prompt": "あなたの番：カードを出してください",
    "play_hint": "←→ で選択（暗いカードは出せません）、Enter で出す",
    "waiting_you": "あなたの番",
    "waiting_bid": "{name} の予想を待っています",
    "waiting_play": "{name} のプレイを待っています",
    "waiting_trump": "{name} の切り札選択を待っています",
    "shuffling": "シャッフル中（{done}/{total}）",
    "locking": "山札をロック中（{done}/{total}）",
    "dealing": "配布中（{done}/{total}）",
    "revealing": "ラウンドの秘密を公開中（{done}/{total}）",
    "disconnected": "{name} の接続が切れました。待っています",
    "stalled": "{name} の応答がありません。e でゲーム終了",
    "game_over": "ゲーム終了",
    "aborted": "ゲームは中止されました：{detail}",
    "cheated": "{name} が不正をしました：証拠はログの横に保存されています",
    "held_up": "{name} がゲームを止めています {bar} あと {left} 秒で {writer} が終了できます",
    "may_end": "{name} がゲームを止めています：{writer} が今終了できます",
    "working": "処理中：{detail}",
    "err_not_turn": "あなたの番ではありません。",
    "preselected": "あなたの番が来たら {card} を自動で出します（もう一度 Enter で取消）",
    "preselect_cancelled": "先行選択を取り消しました。",
    "preselect_dropped": "{card} は今は出せません。選び直してください。",
    "bell_on": "ベル オン：あなたの番で鳴ります（m でオフ）。",
    "bell_off": "ベル オフ（m でオン）。",
    "err_follow": "{card} はマストフォロー違反：{suit}を出してください（魔法使い・道化師も可）。",
    "err_forbidden": "{n} は禁止です：±1 では予想の合計を {total} にできません。",
    "err_range": "0 から {max} で予想してください。",
    "err_refused": "拒否されました：{detail}",
    "round_over": "第{n}ラウンド終了",
    "col_points": "点",
    "col_total": "合計",
    "continue": "Enter：続ける　　h：このラウンドの全員の手札",
    "game_over_title": "ゲーム終了",
    "winner": "勝者：{names}",
    "winners": "同点の勝者：{names}",
    "place": "{n}位",
    "leave": "Enter か q：テーブルを離れる",
    "scorepad": "スコアパッド",
    "col_round": "R",
    "pad_sub": "予 獲 合計",
    "story_round": "第{n}ラウンド：ディーラー {name}",
    "story_round_you": "第{n}ラウンド：ディーラー あなた",
    "story_turned": "めくり札 {card}",
    "story_bids": "予想：{bids}",
    "story_trick": "トリック{n}：{plays}",
    "story_wins": "{name} が獲得",
    "story_wins_you": "あなたが獲得",
    "story_scores": "得点：{scores}",
    "table_log": "テーブルの記録",
    "log": "ゲームの記録",
    "recent": "最近",
    "scroll_hint": "↑↓ PgUp PgDn Home End スクロール、Esc 閉じる",
    "help": "キー操作",
    "help_lines": (
        "←/→          カード・予想・スートを選ぶ\n"
        "↑/↓          予想を増やす / 減らす\n"
        "0-9          予想を入力（10 以上は 2 桁）\n"
        "B G R Y      切り札を選ぶ（人、エルフ、ドワーフ、巨人）\n"
        "Enter/Space  予想・切り札の決定、選んだカードを出す。番の前なら、\n"
        "             番が来たら自動で出すカードを選ぶ\n"
        "マウス       カードをクリックで選択、もう一度で出す\n"
        "s            スコアパッド（行＝ラウンド：予想 / 獲得 / 合計）\n"
        "l            ゲームの記録\n"
        "?            このヘルプ\n"
        "Esc          ウィンドウを閉じる\n"
        "e            応答のないプレイヤーで止まったゲームを終える（表示時）\n"
        "m            ベルのオン／オフ（あなたの番で鳴る）\n"
        "q、Ctrl-C    テーブルを離れる（確認あり、ネット対戦は再開可能）\n"
        "\n"
        "カード：B 青・人、G 緑・エルフ、R 赤・ドワーフ、Y 黄・巨人、1 最弱 13 最強。\n"
        "Z 魔法使い（最初の魔法使いが勝つ）、N 道化師（全員が道化師の時のみ勝つ）。\n"
        "マストフォロー。魔法使いと道化師はいつでも出せます。\n"
        "予想的中：20 + 1トリック 10 点。外れ：差 1 につき -10 点。"
    ),
    "quit_title": "テーブルを離れますか？",
    "quit_resumable": "ゲームは再開できます：wizard-p2p resume",
    "quit_practice": "この練習ゲームはここで終わります。",
    "quit_keys": "y：離れる    n か Esc：残る",
    "replay": "リプレイ",
    "replay_deal": "配札：配られたままの全員の手札",
    "replay_trick": "トリック{n} / 全{total}",
    "replay_led": "{name} がリード",
    "replay_won": "{name} が獲得：{reason}",
    "reason_first-wizard": "最初の魔法使い",
    "reason_highest-trump": "最も強い切り札",
    "reason_highest-led": "リードされたスートの最も強いカード",
    "reason_first-jester": "すべて道化師：最初の一枚",
    "replay_cut_short": "このトリックは途中で終わりました",
    "replay_no_hands": "手札は不明：このラウンドの秘密は公開されませんでした",
    "replay_verified": "検証済み",
    "replay_unverified": "未検証",
    "replay_totals": "第{n}ラウンド後の合計：{scores}",
    "replay_totals_before": "第{n}ラウンド前の合計：{scores}",
    "replay_finished": "完全なゲーム、検証済み。勝者：{names}",
    "replay_aborted": "中止まで検証済み：{detail}",
    "replay_incomplete": "検証済み、{detail}",
    "replay_fault": "位置 {position} で不正：責任は {who}［{kind}］：{detail}",
    "replay_unknown_seat": "不明な席",
    "replay_no_rounds": "配札されたラウンドはありません。",
    "replay_jump": "第{n}ラウンド：Enter で移動",
    "replay_no_round": "第{n}ラウンドはありません：この記録は第1〜{max}ラウンドです。",
    "replay_close": "s または Esc：閉じる",
    "col_hand": "手札",
    "replay_live": "終わったばかりのラウンド：そのカードはすべて公開済み",
    "replay_public": "公開済み",
    "replay_dealer": "ディーラー：{name}（{check}）",
    "replay_trump": "切り札：",
    "replay_turned": "めくり札：",
    "replay_sep": "、",
    "replay_footer": "←→ トリック  ↑↓ ラウンド  数字 Enter 移動  s スコア  ? ヘルプ  q 終了",
    "replay_help_lines": (
        "→ n Space    次のトリック（ラウンド最後のトリックの後は次の配札）\n"
        "← p          前のトリック\n"
        "↓ PgDn N     次のラウンド\n"
        "↑ PgUp P     前のラウンド（またはこのラウンドの配札）\n"
        "Home End     最初／最後のラウンド\n"
        "0-9 Enter    ラウンドへ移動\n"
        "s            ここまでのスコアパッド\n"
        "?            このヘルプ\n"
        "Esc          ウィンドウを閉じる\n"
        "q, Ctrl-C    リプレイを終了\n"
        "\n"
        "手札はトリックがリードされた時点のものです。\n"
        "出されたカードは反転表示、* はトリックの獲得者です。"
    ),
    "footer": "? ヘルプ  s スコア  l 記録  q 終了",
    "footer_bid": "0-9 ←→ Enter 予想",
    "footer_trump": "BGRY ←→ Enter",
    "footer_play": "←→ Enter 出す",
    "lobby": "ロビー",
    "lobby_addresses": "このアドレスを共有",
    "lobby_invite": "招待コード",
    "lobby_players": "プレイヤー（{n} / {target}）",
    "lobby_host": "ホスト",
    "lobby_seat": "席 {n}",
    "lobby_start": "Enter：ゲーム開始",
    "lobby_wait_host": "ホストの開始を待っています",
    "lobby_need": "{min}〜{max} 人でプレイします",
    "lobby_variant_keys": "1〜{n}：ヴァリエントの入／切",
    "lobby_not_host": "ゲームを開始できるのはホストだけです。",
    "lobby_waiting_players": "プレイヤーを待っています（{done}/{total}）",
    "lobby_connecting": "{detail} に接続中",
    "lobby_signing": "テーブルに署名中（{done}/{total}）",
    "lobby_starting": "ゲームを開始しています",
    "lobby_error": "エラー：{detail}",
    "lobby_footer": "Enter 開始  ? ヘルプ  q 離れる",
    "variant_plus_minus_one": "±1",
    "variant_hidden_bids": "隠しビッド",
    "variant_secret_bids": "秘密の予想",
    "variant_clairvoyance": "透視",
    "variant_wizard_lead_sets_suit": "魔法使いのリード後、次のスートに従う",
    "suit_HUMANS": "人（青）",
    "suit_ELVES": "エルフ（緑）",
    "suit_DWARVES": "ドワーフ（赤）",
    "suit_GIANTS": "巨人（黄）",
    "suit_short_HUMANS": "人",
    "suit_short_ELVES": "エルフ",
    "suit_short_DWARVES": "ドワーフ",
    "suit_short_GIANTS": "巨人",
    "wizard": "魔法使い",
    "jester": "道化師",
}

CATALOGUES: Mapping[str, Mapping[str, str]] = {"en": EN, "zh": ZH, "ja": JA}


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a catalogue entry."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def default_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language of the locale: the first of LC_ALL, LC_MESSAGES, LANG that is set.

    ``zh*`` gives 简体中文, ``ja*`` gives 日本語, anything else English (as gettext
    reads these variables, LANGUAGE aside).
    """
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            code = value.lower()
            if code.startswith("zh"):
                return "zh"
            if code.startswith("ja"):
                return "ja"
            return "en"
    return "en"


def resolve_lang(lang: str | None) -> str:
    """``lang`` as given on the command line (None: from the locale); refuses unknown ones."""
    if lang is None or lang == "":
        return default_lang()
    key = lang.strip().lower().replace("_", "-")
    aliases = {"zh-cn": "zh", "zh-hans": "zh", "zh-sg": "zh", "ja-jp": "ja", "en-us": "en"}
    key = aliases.get(key, key)
    if key not in CATALOGUES:
        raise UsageError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    return key


class Translator:
    """Looks texts up in one language's catalogue."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = resolve_lang(lang)
        self._catalogue = CATALOGUES[self.lang]

    def __call__(self, key: str, **fields: object) -> str:
        text = self._catalogue[key]
        return text.format(**fields) if fields else text

    def suit(self, suit: Suit, *, short: bool = False) -> str:
        return self(("suit_short_" if short else "suit_") + suit.name)

    def card_name(self, card: Card) -> str:
        """A card in words, e.g. "Dwarves (red) 7", "巫师牌", "道化師"."""
        if card.is_wizard:
            return self("wizard")
        if card.is_jester:
            return self("jester")
        assert card.suit is not None
        return f"{self.suit(card.suit)} {card.rank}"

    def variant(self, name: str) -> str:
        return self("variant_" + name)
