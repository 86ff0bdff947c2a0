"""The console's texts in 简体中文, in the words of the Simplified Chinese rule book.

``wizard_p2p.tui.i18n`` lists the terms; the keys are those of every catalogue.
"""
from __future__ import annotations

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
    "bid_forbidden": "{n} 被禁止（加一减一）",
    "bid_hint": "←→ 或数字选择，回车确认预测",
    "sealed_hidden": "隐蔽竞标：所有人预测完毕后一起公布",
    "sealed_secret": "秘密预言：本轮结束后才公布",
    "trump_prompt": "翻开了巫师牌，由你发牌：请选择王牌 ",
    "trump_hint": "←→ 或 B/G/R/Y 选择，回车确认",
    "play_prompt": "轮到你出牌",
    "play_hint": "←→ 选择（灰色的牌不能出），回车出牌",
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
    "col_points": "经验",
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
    "story_scores": "经验：{scores}",
    "table_log": "牌桌记录",
    "log": "游戏记录",
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
        "大厅中（主持人）：\n"
        "a            接纳请求加入的玩家\n"
        "x            拒绝请求加入的玩家\n"
        "-            移除一名已入座的玩家（再按其座位号）\n"
        "\n"
        "牌桌上（主持人）：\n"
        "a            接纳请求观战的人（先到先处理）\n"
        "x            拒绝请求观战的人\n"
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
    "lobby_address_joined": "大厅",
    "lobby_your_fingerprint": "你的指纹",
    "lobby_full_host": "座位已满：按回车开始游戏",
    "lobby_full": "座位已满：等待主持人开始游戏",
    "lobby_footer_join": "? 帮助  q 离开",
    "quit_lobby_host": "大厅将为所有人关闭。",
    "quit_lobby": "你离开大厅；其他人留下。",
    # Finding a table on the network (wizard-p2p join with no address), and the host's
    # announcement of its lobby.
    "find_title": "寻找牌桌",
    "find_tables": "本网络上的牌桌（{n}）",
    "find_listening": "正在本网络上寻找牌桌……",
    "find_none_yet": (
        "还没有？屏蔽组播的网络会隐藏牌桌：请向主持人要地址，然后运行 "
        "wizard-p2p join ADDRESS --code CODE。"
    ),
    "find_unreadable": "有 {n} 条通告无法读取，未显示。",
    "find_players": "{seated}/{seats} 名玩家",
    "find_playing": "游戏中",
    "find_in_lobby": "大厅中",
    "find_age_now": "刚刚开启",
    "find_age_min": "{n} 分钟",
    "find_age_hours": "{n} 小时",
    "find_full": "该牌桌已满。",
    "find_playing_already": "该游戏已经开始：可以观战，不能加入。",
    "find_version": "其他版本：{version}",
    "find_other_version": "该牌桌使用另一版本的 wizard-p2p。",
    "find_code_prompt": "邀请码：",
    "find_code_hint": "输入主持人给你的邀请码，然后按回车；Esc 返回列表。",
    "find_code_needed": "需要邀请码：主持人的屏幕上有。",
    "find_code_checking": (
        "正在询问该牌桌的大厅……"
    ),
    "find_code_wrong": (
        "该牌桌的大厅拒绝了这个邀请码：请核对后重新输入。"
    ),
    "find_code_malformed": (
        "邀请码由 8 个字母和数字组成，例如 K7QD-M2XP：请重新输入。"
    ),
    "find_code_no_answer": (
        "该牌桌的大厅没有回应：按 Esc 返回列表。"
    ),
    "find_gone": (
        "该牌桌已不再公布：主持人已离开。"
    ),
    "find_footer": "↑↓ 选择  回车 加入  q 退出",
    "find_footer_watch": "↑↓ 选择  回车 观战  q 退出",
    "find_footer_code": "回车 加入  Esc 返回  Ctrl-C 退出",
    "find_not_announced": "本大厅未在本网络上通告（{reason}）；玩家请用地址加入。",
    "find_why_no_interface": "本机没有可用于组播的网络接口：只有回环接口在运行，或组播已关闭",
    "find_why_listen_elsewhere": "它监听的地址 {address} 不属于任何支持组播的网络接口",
    "find_why_failed": "组播 DNS 无法在本机运行",
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
    "watch_title": "观战：{name} 的牌桌",
    "watchers": "观战：{names}",
    "watch_request": "{name}（{fingerprint}）请求观战",
    "watch_request_keys": "a：接纳　x：拒绝",
    "watch_requests_more": "另有 {n} 人请求观战",
    "watch_admitted": "{name} 已获准观战。",
    "watch_refused": "已拒绝 {name} 观战。",
    "watch_verified": "已验证至位置 {n}",
    "watch_refused_entry": "拒收 {name} 发来的位置 {n} 的记录：{detail}",
    "watch_round_checked": "第 {n} 轮已核对",
    "watch_admission": "等待主持人接纳：{detail}",
    "watch_footer": "? 帮助  s 真言册  l 记录  q 退出观战",
    "watch_leave": "回车或 q：退出观战",
    "watch_help_lines": (
        "你正在观战：看不到任何手牌；预测要等全桌都能看到时才显示\n"
        "（密封的预测只显示为“密”）。\n"
        "\n"
        "s            真言册（每行一轮：预测 / 纹章 / 总计）\n"
        "l            游戏记录\n"
        "?            本帮助\n"
        "↑/↓ PgUp PgDn  滚动窗口\n"
        "Esc          关闭窗口\n"
        "q、Ctrl-C    退出观战（游戏照常进行）\n"
        "\n"
        "> 表示轮到谁，D 表示发牌者，* 表示当前赢得纹章的牌。\n"
        "牌：B 蓝色人类，G 绿色精灵，R 红色矮人，Y 黄色巨人，1 最小 13 最大；\n"
        "Z 巫师牌；N 愚者牌。"
    ),
    # The lines printed once the console has closed (commands.printout).
    "end_game": "对局 {id}",
    "end_winners": "胜者：{names}",
    "end_cheating": "游戏结束：发现作弊：座位 {seat}（{name}），游戏记录第 {line} 行：{detail}",
    "end_cheating_unknown": "游戏结束：发现作弊：{detail}",
    "end_stalled": "游戏结束：{name}（座位 {seat}）拖延超过时限",
    "end_left_resumable": "已离开游戏；恢复游戏：",
    "end_left": "已离开游戏",
    "end_practice_over": "练习游戏已结束",
    "end_log": "游戏记录：",
    "end_check": "核验命令：",
    "end_lobby_left": "已离开大厅；游戏没有开始",
    "end_seats_logs": "各座位的游戏记录：",
    "end_offline_no_log": (
        "离线游戏不保存游戏记录：不加 --offline 游玩，才有可核验的签名记录"
    ),
    # 同桌连续多局（系列赛），以及保存的对局（history）。
    "again_key": "n：在这张牌桌再来一局",
    "series_title": "第 {n} 局后的系列赛排名",
    "series_col_player": "学徒",
    "series_col_played": "局数",
    "series_col_won": "胜局",
    "series_col_points": "经验",
    "series_col_exact": "预测准确",
    "series_rule": "先比胜局，再比经验，再比预测准确的轮数",
    "series_of": "系列赛 {id}，第 {n} 局",
    "again_offered": "在这张牌桌再来一局：大厅已重新开放",
    "again_asking": "正在向主持人请求下一局的座位……",
    "history_none": "{path} 中没有保存的对局",
    "history_game": "{date}　对局 {id}",
    "history_players": "学徒：{names}",
    "history_variants": "变体规则：{names}",
    "history_no_variants": "变体规则：无",
    "history_winners": "胜者：{names}",
    "history_state_finished": "已完成",
    "history_state_aborted": "已中止",
    "history_state_unfinished": "未完成",
    "history_state_fault": "发现作弊",
    "history_state_unreadable": "无法读取",
    "history_verified": "已核验",
    "history_not_verified": "未通过核验",
    "history_replay": "回放命令：",
    "history_unknown": "{path} 中没有对局 {id}",
    "history_several": "{id} 对应多个对局：请多给几位数字",
    "history_more": "查看一局的详情：",
    # 大厅的消息（node.lobby_news.LobbyNews），大厅画面的说法。
    "lobby_news_joined": "{who} 加入了",
    "lobby_news_asks": "{who} 请求加入",
    "lobby_news_asks_again": "{who} 再次请求加入",
    "lobby_news_not_admitted": "{who} 未获准加入",
    "lobby_news_removed": "{who} 已被移出",
    "lobby_news_left": "{who} 离开了大厅",
    "lobby_news_gone": "{who} 已失去联系",
    "lobby_news_started": "游戏已开始",
    "lobby_news_called_off_left": "开始已取消：{who} 离开了大厅",
    "lobby_news_called_off_gone": "开始已取消：与 {who} 失去联系",
    "lobby_news_called_off_late": "开始已取消：{who} 没有及时签署本局",
    "lobby_news_dropped": "客户端 {who} 刷屏，已被断开",
    "lobby_news_called_off": "开始已取消；等待主持人开始游戏",
}
