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
    "replay_fault": "第 {line} 行有违规：责任在 {who}［{kind}］：{detail}",
    "replay_no_seat": "无座位",
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
    # --- 巫师牌's console (wizard_p2p/tui/sorcery_*.py) ---
    "sorcery_you": "你",
    "sorcery_bot": "机器人",
    "sorcery_theirs": "对方",
    "sorcery_row_0": "前排",
    "sorcery_row_1": "中排",
    "sorcery_row_2": "后排",
    "sorcery_cell": "{row}{col}",
    "sorcery_side": (
        "{name}：{hero} ♥{life}"
        " · 手牌{hand} · 卡组{deck} · 弃牌堆{discard} · 元素{elements}"
    ),
    "sorcery_zones": "技能区：{skills}｜装备区：{equipment}",
    "sorcery_hand": "手牌：{cards}",
    "sorcery_pool": "技能池：{cards}",
    "sorcery_status": "巫师牌 · 第{turn}回合 · {who} · {step}",
    "sorcery_status_over": "巫师牌 · 游戏结束（第{turn}回合）",
    "sorcery_step_mulligan": "重抽",
    "sorcery_step_play": "出牌阶段",
    "sorcery_step_defend": "法术战斗：防御",
    "sorcery_step_over": "结束",
    "sorcery_battle_open": "法术战斗：{spell}以威力{power}进攻（伤害{attack}），是否防御？",
    "sorcery_battle_hit": "上次法术战斗：{spell}威力{power}对防御{defence}：命中{targets}",
    "sorcery_battle_held": "上次法术战斗：{spell}威力{power}对防御{defence}：防御成功",
    "sorcery_cost": "入场费用{value}",
    "sorcery_expense": "使用费用{value}",
    "sorcery_gain": "负载{value}",
    "sorcery_attack": "攻击{value}",
    "sorcery_life": "生命{value}",
    "sorcery_power": "威力{value}",
    "sorcery_duration": "持续{value}",
    "sorcery_zone": "在{zone}",
    "sorcery_zone_name_deck": "主卡组",
    "sorcery_zone_name_hand": "手牌",
    "sorcery_zone_name_units": "单位区",
    "sorcery_zone_name_skills": "技能区",
    "sorcery_zone_name_equipment": "装备区",
    "sorcery_zone_name_pool": "技能池",
    "sorcery_zone_name_discard": "弃牌堆",
    "sorcery_zone_name_idle": "闲置区",
    "sorcery_tapped": "横置",
    "sorcery_refused": "不允许：{detail}",
    "sorcery_bot_failed": "机器人无法行动（{detail}）；按 q 离开。",
    "sorcery_nothing": "没有可选的：{what}",
    "sorcery_choose_n": "请正好选择{n}张。",
    "sorcery_unknown_key": "此处没有这个键；按 ? 查看按键。",
    "sorcery_prompt_mulligan": "你的起始手牌：保留（k）还是重抽一次（m）？",
    "sorcery_prompt_play": "你的回合：请选择行动（按 ? 查看按键）。",
    "sorcery_prompt_defend": "机器人向你施放法术：防御（d）还是承受（p）？",
    "sorcery_prompt_wait": "机器人行动中……",
    "sorcery_prompt_over": "游戏结束。",
    "sorcery_prompt_quit": "认输并离开？",
    "sorcery_keys_mulligan": "k 保留  m 重抽  v 卡牌  ? 帮助  q 退出",
    "sorcery_keys_play": "s召唤 c消耗 a施法 t攻击 l学习 n结束 g通用 ? 帮助",
    "sorcery_keys_defend": "d 防御  p 承受  i 咒术  g 通用  v 卡牌  ? 帮助",
    "sorcery_keys_wait": "v 卡牌  ? 帮助  q 退出（其他键留到你行动时）",
    "sorcery_keys_over": "Enter 或 q：离开",
    "sorcery_keys_quit": "y 认输并离开  n 留下",
    "sorcery_keys_pick": "按选项的键  Esc 取消",
    "sorcery_keys_pick_many": "按键标记选项  Enter 完成  Esc 取消",
    "sorcery_ask_consume": "消耗哪张牌获得负载？",
    "sorcery_ask_summon": "召唤哪个生物？",
    "sorcery_ask_cell": "哪一格？",
    "sorcery_ask_equip": "装备哪件道具？",
    "sorcery_ask_replace": "替换哪件装备？",
    "sorcery_ask_item": "使用哪件道具？",
    "sorcery_ask_learn": "学习哪个技能？",
    "sorcery_ask_forget": "哪个技能返回技能池？",
    "sorcery_ask_invoke": "使用哪个咒术？",
    "sorcery_ask_cast": "施放哪个法术？",
    "sorcery_ask_boosts": "用哪些法术强化？",
    "sorcery_ask_target": "目标是哪个单位？",
    "sorcery_ask_area": "目标是哪个范围？",
    "sorcery_ask_defend": "用哪个法术防御？",
    "sorcery_ask_overdraw": "透支哪些牌来支付？",
    "sorcery_ask_attacker": "用哪张牌攻击？",
    "sorcery_ask_ability": "哪个能力？",
    "sorcery_ask_ability_card": "使用哪张牌的能力？",
    "sorcery_ask_discard": "弃{n}张牌至手牌上限：",
    "sorcery_ask_generic": "哪个通用行动？",
    "sorcery_ask_amount": "多少？",
    "sorcery_ask_from": "从哪个区域取牌？",
    "sorcery_ask_card": "哪张牌？",
    "sorcery_ask_zone": "放到哪个区域？",
    "sorcery_ask_unit": "哪个单位？",
    "sorcery_ask_marker": "哪种标记物？",
    "sorcery_ask_search": "从卡组检索哪张牌？",
    "sorcery_ask_derived": "哪张衍生牌？",
    "sorcery_ask_element": "哪种元素？",
    "sorcery_ask_field": "改变哪个数值？",
    "sorcery_ask_view": "查看哪张牌？",
    "sorcery_generic_move": "在区域间移动一张牌",
    "sorcery_generic_damage": "对单位造成伤害",
    "sorcery_generic_heal": "为单位恢复生命",
    "sorcery_generic_mark": "添加标记物",
    "sorcery_generic_unmark": "移除标记物",
    "sorcery_generic_draw": "抽牌",
    "sorcery_generic_search": "检索卡组",
    "sorcery_generic_shuffle": "洗牌",
    "sorcery_generic_derived": "将衍生牌放入场上",
    "sorcery_generic_gain": "临时获得元素",
    "sorcery_generic_tap": "横置或重置一张牌",
    "sorcery_generic_modify": "改变一张牌的数值",
    "sorcery_field_attack": "攻击",
    "sorcery_field_life": "生命",
    "sorcery_field_power": "威力",
    "sorcery_told_keep": "{who}保留了起始手牌。",
    "sorcery_told_mulligan": "{who}重抽了手牌。",
    "sorcery_told_consume": "{who}消耗{card}，获得负载。",
    "sorcery_told_summon": "{who}将{card}召唤到{cell}。",
    "sorcery_told_equip": "{who}装备了{card}。",
    "sorcery_told_item": "{who}使用了{card}。",
    "sorcery_told_learn": "{who}学习了{card}。",
    "sorcery_told_invoke": "{who}使用了咒术{card}。",
    "sorcery_told_cast": "{who}向{target}施放{card}，威力{power}。",
    "sorcery_told_no_defence": "{who}没有防御",
    "sorcery_told_defend": "{who}用{card}防御",
    "sorcery_told_attack": "{who}用{card}攻击{target}。",
    "sorcery_told_ability": "{who}使用了{card}的{ability}。",
    "sorcery_told_end": "{who}结束了回合。",
    "sorcery_told_discards": "弃牌：{cards}。",
    "sorcery_told_concede": "{who}认输。",
    "sorcery_told_move": "{who}将{card}移到{zone}。",
    "sorcery_told_damage": "{who}对{card}造成{n}点伤害。",
    "sorcery_told_heal": "{who}为{card}恢复{n}点生命。",
    "sorcery_told_mark": "{who}在{card}上放置{n}层{marker}。",
    "sorcery_told_unmark": "{who}从{card}上移除{n}层{marker}。",
    "sorcery_told_draw": "{who}抽了{n}张牌。",
    "sorcery_told_search": "{who}检索了卡组。",
    "sorcery_told_shuffle": "{who}洗了卡组。",
    "sorcery_told_derived": "{who}将{card}放入{zone}。",
    "sorcery_told_gain": "{who}获得{elements}。",
    "sorcery_told_tap": "{who}横置了{card}。",
    "sorcery_told_reset": "{who}重置了{card}。",
    "sorcery_told_modify": "{who}改变了{card}的数值。",
    "sorcery_told_other": "{who}行动了。",
    "sorcery_card_title": "卡牌",
    "sorcery_help_title": "巫师牌：按键",
    "sorcery_help_lines": (
        "每个行动以一个键开始，然后按各选项的键。\n"
        "重抽：k 保留，m 重抽一次。\n"
        "你的回合：c 消耗一张牌获得负载   s 召唤生物\n"
        "  e 装备道具   u 使用药剂或卷轴   l 学习技能\n"
        "  a 施放法术（然后选强化，Enter，再选目标）\n"
        "  t 用前排单位直接攻击   i 使用咒术\n"
        "  b 使用卡牌能力（消耗、回合技、绝技）   n 结束回合\n"
        "  g 通用行动：执行卡牌文字（移动、伤害、恢复、标记物、\n"
        "    抽牌、检索、洗牌、衍生牌、元素、横置、改变数值、\n"
        "    控制一张牌、一张牌提供的槽位）\n"
        "法术战斗：d 防御（法术、强化、透支的牌）\n"
        "  p 承受   i 反制咒术   g 通用行动\n"
        "随时：v 查看卡牌全文   ? 本帮助   q 认输并离开\n"
        "  $ 手动支付（每个费用的元素；第一回合的一半负载）\n"
        "选择：按选项的键即选定；多选时按键标记，\n"
        "  Enter 完成；Esc 放弃该行动。\n"
        "单位区：前排靠近中线；~ 横置，* 有标记物，\n"
        "  单位名后为攻击/生命。"
    ),
    "sorcery_quit_title": "离开",
    "sorcery_quit_question": "认输并离开？y 是，n 否",
    "sorcery_end_title": "游戏结束",
    "sorcery_end_won": "你赢了！",
    "sorcery_end_lost": "机器人赢了。",
    "sorcery_end_draw": "平局。",
    "sorcery_end_hero_died": "一方英雄的生命降到 0（第{turn}回合）。",
    "sorcery_end_conceded": "一方认输（第{turn}回合）。",
    "sorcery_end_turn_limit": "达到回合上限（第{turn}回合）。",
    "sorcery_end_keys": "Enter 或 q：离开。v：查看卡牌。",
    # --- 巫师牌的拒绝理由：引擎的每条规则一句（sorcery_rule_*） ---
    "sorcery_rule_unknown_action": "这不是巫师牌的行动。",
    "sorcery_rule_game_over": "游戏已经结束。",
    "sorcery_rule_step": "游戏的这一步不能这样做。",
    "sorcery_rule_turn": "现在不是你行动。",
    "sorcery_rule_player": "没有这个玩家。",
    "sorcery_rule_no_card": "这局游戏中没有这张牌。",
    "sorcery_rule_not_yours": "这张牌不是你的。",
    "sorcery_rule_zone": "这张牌所在的区域不能这样做。",
    "sorcery_rule_card_kind": "这类卡牌不能这样做。",
    "sorcery_rule_tapped": "这张牌已横置。",
    "sorcery_rule_upright": "这张牌没有横置。",
    "sorcery_rule_stunned": "眩晕的卡牌不能横置。",
    "sorcery_rule_frozen": "冻结的卡牌不能重置。",
    "sorcery_rule_cooldown": "冷却中的卡牌不能重置，也不能被替换。",
    "sorcery_rule_sealed": "封印的卡牌不能使用。",
    "sorcery_rule_petrified": "石化的卡牌的效果无效。",
    "sorcery_rule_cost": "你的元素不足以支付这个费用。",
    "sorcery_rule_no_load": "这张牌没有负载。",
    "sorcery_rule_first_turn_load": (
        "先手玩家的第一回合只获得英雄负载的一半（向上取整）；"
        "其他卡牌的负载全部获得。"
    ),
    "sorcery_rule_cell": "这一格已有单位，或不在单位区内。",
    "sorcery_rule_skill_limit": "技能区已满：请替换一个未横置的技能。",
    "sorcery_rule_equipment_limit": "装备区已满：请替换一件装备。",
    "sorcery_rule_equipment_kind": "同类装备只能有一件：请替换已有的那件。",
    "sorcery_rule_replace": "只能替换未横置的技能。",
    "sorcery_rule_hand_limit": "请弃牌至手牌上限5张。",
    "sorcery_rule_defence_only": "这个法术只能用于防御。",
    "sorcery_rule_undefendable": "这个法术不能被防御。",
    "sorcery_rule_target": "这不是可以选择的目标。",
    "sorcery_rule_range": "目标不在法力范围内。",
    "sorcery_rule_hidden": "隐蔽的单位不能被敌方选为目标。",
    "sorcery_rule_area": "这个范围不符合法术的范围。",
    "sorcery_rule_front_row": "只有前排单位可以直接攻击。",
    "sorcery_rule_no_attack": "这张牌没有攻击力。",
    "sorcery_rule_ability": "这张牌没有这个能力。",
    "sorcery_rule_per_turn": "这个回合技本回合已用完。",
    "sorcery_rule_ultimate": "这个绝技已经用过。",
    "sorcery_rule_order": "这不是卡组的新顺序。",
    "sorcery_rule_amount": "数量超出范围。",
    "sorcery_rule_hero": "英雄始终留在自己的单位区。",
    "sorcery_rule_weak_on_hero": "虚弱只能放在英雄上。",
    "sorcery_rule_derived": "你的额外卡组中没有这张牌。",
    "sorcery_rule_overdraw": "透支只能在对方回合使用，每张牌一次。",
    "sorcery_rule_control": "这张牌已经由你控制。",
    # --- 巫师牌的控制台：控制、槽位、卡牌的负载 ---
    "sorcery_generic_control": "控制一张牌（或取回自己的牌）",
    "sorcery_generic_slots": "设置一张牌提供的槽位",
    "sorcery_field_gain": "负载",
    "sorcery_ask_control": "控制哪张牌？",
    "sorcery_ask_slots_card": "哪张牌提供槽位？",
    "sorcery_ask_skill_slots": "上限之外增加几个技能槽位？",
    "sorcery_ask_equipment_slots": "上限之外增加几个装备槽位？",
    "sorcery_ask_any_kind": "是否可装备任意种类（同类多件）？",
    "sorcery_yes": "是",
    "sorcery_no": "否",
    "sorcery_borrowed": "被控制：不在拥有者一侧",
    "sorcery_told_control": "{who}控制了{card}。",
    "sorcery_told_slots": "{who}：{card}提供技能槽位+{skills}、装备槽位+{equipment}。",
    "sorcery_told_any_kind": "可装备任意种类。",
    # --- 巫师牌的控制台：手动支付 ---
    "sorcery_ask_pay": "费用{cost}，已付{paid}：用什么支付一个{unit}？",
    "sorcery_ask_load": "获得英雄负载{load}中的{n}个，已获得{taken}：下一个是？",
    "sorcery_by_hand_on": "手动支付：由你选择支付每个费用的元素（再按 $：自动）。",
    "sorcery_by_hand_off": "自动支付：由引擎选择元素（再按 $：手动）。",
    "sorcery_status_by_hand": " · 手动支付",
    # --- 巫师牌的控制台：机器人行动时按下的键 ---
    "sorcery_held": "请稍候，机器人行动中。已留下：{keys}（Esc 放弃）",
    "sorcery_held_full": "请稍候：机器人行动中，留下的键已经够多了。",
    "sorcery_held_dropped": "机器人向你施放法术：预先按下的键已放弃。",
    "sorcery_held_cleared": "预先按下的键已放弃。",
}
