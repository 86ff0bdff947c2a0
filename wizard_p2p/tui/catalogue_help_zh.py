"""The command line's help in 简体中文 (see ``catalogue_help_en``), in the seeds' terms."""

from __future__ import annotations

HELP_ZH: dict[str, str] = {
    "cli_usage": "用法：",
    "cli_positionals": "位置参数",
    "cli_options": "选项",
    "cli_section": "{title}：",
    "cli_help": "显示本帮助并退出",
    "cli_error": "%(prog)s：错误：%(message)s\n",
    "cli_error_argument": "参数 %(argument_name)s：%(message)s",
    "cli_error_required": "缺少必需的参数：%s",
    "cli_error_one_required": "参数 %s 中必须给出一个",
    "cli_error_unrecognized": "无法识别的参数：%s",
    "cli_error_ambiguous": "选项有歧义：%(option)s 可能是 %(matches)s",
    "cli_error_invalid_value": "无效的 %(type)s 值：%(value)r",
    "cli_error_invalid_choice": "无效的选择：%(value)r（可选 %(choices)s）",
    "cli_error_unknown_command": "未知的命令 %(parser_name)r（可选 %(choices)s）",
    "cli_error_not_allowed_with": "不能与参数 %s 同时使用",
    "cli_error_ignored_value": "多余的值 %r",
    "cli_error_expected_one": "需要一个值",
    "cli_error_expected_at_most_one": "最多需要一个值",
    "cli_error_expected_at_least_one": "至少需要一个值",
    "cli_error_expected_n": "需要 %s 个值",
    "cli_error_expected_n_plural": "需要 %s 个值",
    "cli_description": "在局域网上玩纸牌游戏《巫师》，无需服务器。",
    "cli_version": "显示版本及其使用的协议（每位玩家需要同一版本）",
    "cmd_play": "在本机与机器人对战（每个机器人是独立进程，经回环连接）",
    "desc_play": (
        "在本终端与本机的机器人玩一局。每个机器人是经回环连接的独立进程；本局像局域网对局一样"
        "签名并记录。"
    ),
    "cmd_host": "在本机开设大厅并主持一局",
    "desc_host": (
        "在本机开设大厅：显示其他玩家加入所用的地址和邀请码，在本地网络上通告大厅（这样他们"
        "不需要地址也能找到），玩家就座后由你开始游戏。"
    ),
    "cmd_join": "加入 HOST:PORT 主持的游戏，或在本地网络上找到的游戏",
    "desc_join": (
        "用主持人屏幕上显示的地址和邀请码加入另一位玩家主持的大厅。不给地址时，从本地网络上"
        "通告的大厅中选择。"
    ),
    "cmd_bot": "以机器人身份加入 HOST:PORT 的游戏",
    "desc_bot": (
        "让机器人坐到 HOST:PORT 主持的游戏：它不用控制台，打印自己的进度。不给地址时，它加入"
        "本地网络上唯一通告的大厅。"
    ),
    "cmd_watch": "不占座位地观战 HOST:PORT 主持的游戏，或在本地网络上找到的游戏",
    "desc_watch": (
        "在主持人接纳后实时观战：牌桌、按变体规则显示的预测、纹章和真言册，从不显示手牌。"
        "每一行记录一到就像 audit 那样验证；玩家们能看到谁在观战。"
    ),
    "cmd_resume": "在崩溃或退出后重新加入游戏",
    "desc_resume": (
        "重新加入本玩家离开或断开的游戏：其他玩家为其保留座位，直到它回来，或超出停滞时限"
        "而结束游戏。"
    ),
    "cmd_audit": "离线验证游戏记录并打印真言册",
    "desc_audit": (
        "离线检查游戏记录的每个签名、洗牌、预测、出牌和经验，然后打印真言册；退出码 0 为已"
        "验证，1 为发现问题，2 为无法读取。给出同一局的多份副本（每个座位的游戏记录）时，说明"
        "它们是否一致、在哪里分叉、哪个结局成立，并附上证明它的签名。"
    ),
    "cmd_replay": "在控制台中逐步回放已结束的游戏，显示每个人的手牌",
    "desc_replay": (
        "逐个纹章回放游戏记录，显示每位玩家的手牌、王牌、预测、每个纹章的赢家及原因，以及"
        "真言册，并边回放边验证记录（有问题的记录回放到问题所在）。按键：右/左 下一个/上一个"
        "纹章，下/上 下一轮/上一轮，输入轮数并按回车跳转，s 真言册，按 ? 看帮助，q 退出。"
        "巫师牌的记录（由其开局识别）按旁观者所见逐步回放，使用 --cards 指定或已导入的"
        "卡牌文件读取。"
    ),
    "cmd_history": "列出数据文件夹中保存的游戏，或显示其中一局",
    "desc_history": (
        "列出数据文件夹中保存的游戏：时间、玩家、变体规则、胜者、每局如何结束、记录是否通过"
        "验证，以及在同一张牌桌连续进行的每个系列的排名。给出 GAME（其编号或开头几位）时："
        "显示该局的真言册，以及用 audit 验证、用 replay 回放它的命令。"
    ),
    "cmd_tournament": "在内存中让机器人策略互相对战",
    "help_seats": "座位数，3..6（默认 4）",
    "help_variant": "{names}（可重复）",
    "help_address": "主持人的地址，例如 192.168.1.20:{port}（默认：{found}）",
    "help_found_join": "从本地网络上通告的大厅中选择",
    "help_found_bot": "本地网络上唯一通告的大厅",
    "help_found_watch": "从本地网络上通告的游戏中选择",
    "help_code": "主持人的邀请码",
    "help_name": (
        "其他玩家看到的名字（默认：你的登录名；--data-dir 不是你自己的默认位置时，"
        "后接其文件夹名，如 Ana (seat2)）"
    ),
    "help_data_dir": "密钥和游戏的存放位置（默认：~/.local/share/wizard-p2p）",
    "help_listen": "监听的地址（默认 0.0.0.0：所有地址）",
    "help_mesh_port_watcher": "本观战者的网络端口，玩家把游戏发送到这里（默认：任意空闲端口）",
    "help_mesh_port": (
        "玩家之间对局网络的端口（默认：主持人用大厅端口 + 1，加入者用任意空闲端口）"
    ),
    "help_lang": "en、zh、ja（默认：取自系统语言环境）",
    "help_headless_watcher": "不用控制台：每个纹章、每轮经验和被拒收的记录各打印一行",
    "help_policy": "机器人的打法：%(choices)s（默认 %(default)s）",
    "help_headless": "由机器人来玩",
    "help_quiet": "只打印错误（无控制台的座位）",
    "help_no_bell": "轮到你时不响终端提示音（按键：m）",
    "help_stall_limit": "一个座位可拖住游戏的秒数（默认 120）",
    "help_trick_pause": (
        "机器人领出下一个纹章前等待的秒数，让刚结束的纹章在屏幕上停留片刻（默认：你用 play "
        "对战时其机器人为 1，否则为 0）"
    ),
    "help_silence_limit": "收不到心跳多少秒后视为对方失去联系（默认 3）",
    "help_games": (
        "无控制台的座位在这张牌桌最多连续玩 N 局（控制台在每局结束时提供再来一局：按键 n）；"
        "默认 1"
    ),
    "help_bots": "机器人进程数（默认：座位数-1）",
    "help_out": (
        "存放每个座位的游戏记录（seat-N.jsonl）和 evidence.jsonl 的文件夹；除非加 --force，"
        "绝不覆盖已有文件，也绝不经由链接写入或写到 FIFO 上"
    ),
    "help_force_out": "允许 --out 替换上一局留下的文件",
    "help_seed": "固定的随机种子（仅用于 --offline）",
    "help_offline": "在内存中进行的游戏：不联网，不加密",
    "help_port": "大厅端口（默认 {port}）",
    "help_approve": "逐一接纳加入者：大厅显示每个人的名字和指纹",
    "help_no_announce": "不在本地网络上通告大厅（加入者则需要它的地址）",
    "help_admit_watchers": (
        "允许所有持有邀请码的人观战（同时最多 8 人）；否则控制台逐一询问你，无控制台的主持人"
        "一个也不接纳"
    ),
    "help_coach": (
        "允许玩家在游戏中请教练（按键 c）：每位玩家在大厅和牌桌上都能看到这一条款，并与其他人"
        "一起签署它"
    ),
    "help_save": (
        "把已验证的游戏记录写到这里（供 wizard-p2p a"
        "udit 使用）；除非加 --force，绝不覆盖已有文件"
    ),
    "help_force_save": "允许 --save 替换已有的记录文件",
    "help_resume_game": "游戏编号或其开头几位，与游戏结束时打印的一致（默认：最近一局）",
    "help_resume_admit": (
        "主持人：再次允许所有持有邀请码的人观战（同时最多 8 人）；否则控制台逐一询问你，无控制台"
        "的主持人一个也不接纳"
    ),
    "help_audit_log": "游戏记录文件（JSON Lines）；给出多个时：同一局的多份副本",
    "help_json": "以 JSON 打印报告",
    "help_replay_log": "游戏记录文件（JSON Lines）",
    "help_export": (
        "改为把整局（各轮、手牌、预测、纹章、经验）写成 JSON（结构"
        "：protocol/schemas/replay.json）；"
        "绝不覆盖游戏记录，除非加 --force 也绝不覆盖已有文件"
    ),
    "help_force_export": "允许 --export 替换已有文件",
    "help_history_game": "游戏编号，或其开头几位",
    "cmd_sorcery_host": "开设大厅，进行一局两人的巫师牌",
    "desc_sorcery_host": (
        "开设巫师牌大厅：先完整检查你的卡组；加入者的卡组只向你显示人"
        "物牌、额外卡组和各部分的张数。"
    ),
    "cmd_sorcery_join": "加入 HOST:PORT 的巫师牌对局，或在本地网络上找到的对局",
    "cmd_sorcery_bot": "以机器人身份加入 HOST:PORT 的巫师牌对局",
    "desc_sorcery_bot": (
        "让机器人坐到 HOST:PORT 主持的巫师牌对局：它不用控制台，先完整检查自己的卡组，"
        "最后打印对局的结果。"
    ),
    "help_sorcery_seed": "机器人选择所用的固定种子",
    "desc_sorcery_join": (
        "加入巫师牌大厅：打招呼之前先完整检查你的卡组；主持人只看到它"
        "的人物牌、额外卡组和各部分的张数，看不到其中的牌。"
    ),
    "help_found_sorcery_join": "从本地网络上通告的巫师牌大厅中选择",
    "help_sorcery_deck": "你的卡组：卡组代码或预组的名称",
    "help_sorcery_cards": "本次使用的卡牌文件（默认：已导入的那个）",
    "cmd_sorcery": "巫师牌，规则文档中的两人卡牌游戏：卡牌、卡组、对局",
    "desc_sorcery": (
        "巫师牌（Sorcery TCG）。它的卡牌是游戏自己的数据：用 `sorcery cards import FILE` "
        "导入一次你手上的 SorceryComposer 的 resources/all_card_infos.json。"
    ),
    "cmd_sorcery_cards": "卡牌文件",
    "desc_sorcery_cards": "卡牌文件。",
    "cmd_sorcery_import": "检查卡牌文件并复制到数据文件夹",
    "desc_sorcery_import": (
        "检查 FILE（SorceryComposer 的 resources/all_card_infos.json）中的每张卡牌，"
        "然后复制到数据文件夹，此后每次运行都从那里读取。"
    ),
    "help_sorcery_import_file": "你手上的 all_card_infos.json",
    "help_sorcery_import_data_dir": "存放位置（默认：~/.local/share/wizard-p2p）",
    "help_sorcery_data_dir": "已导入的卡牌文件的存放位置（默认：~/.local/share/wizard-p2p）",
    "cmd_sorcery_deck": "按规则检查卡组代码（或预组的名称）",
    "desc_sorcery_deck": (
        "按卡牌文件和规则检查 SorceryComposer 写出的卡组代码（英雄 // 主卡组 // 技能池 // "
        "额外卡组）或预组的名称；退出码 0 为合规（打印一行摘要），1 为不合规（列出每张卡牌"
        "和违反的规则），2 为无法读取。"
    ),
    "help_sorcery_deck_code": "卡组代码（加引号，或分成几个词）",
    "cmd_sorcery_starters": "列出预组及其卡组代码",
    "desc_sorcery_starters": "预组：每个预组的名称、元素和卡组代码。",
    "cmd_sorcery_play": "在本机与机器人玩巫师牌",
    "desc_sorcery_play": (
        "在本终端与机器人玩巫师牌（--offline），或让两个机器人打完一整局（--headless）。"
        "卡组是卡组代码或预组的名称。"
    ),
    "help_sorcery_offline": "在本机内存中与机器人对战",
    "help_sorcery_headless": "不用控制台：机器人替双方出牌，结束时打印胜者",
    "help_sorcery_play_deck": "你的卡组：卡组代码或预组的名称（默认：一个预组）",
    "help_sorcery_against": "机器人的卡组：卡组代码或预组的名称（默认：一个预组）",
    "help_sorcery_play_seed": "固定的随机种子：再来同样的一局",
    "help_sorcery_out": (
        "配合 --headless 且不用 --offline：两个机器人经回环对战，各占一个进程，"
        "每个座位的记录复制到 DIR/seat-N.jsonl"
    ),
    # 巫师牌's seat again after a crash: `sorcery resume`
    "cmd_sorcery_resume": "在崩溃或退出后重新加入巫师牌对局",
    "desc_sorcery_resume": (
        "从你的数据目录（游戏记录、你的密钥、你的牌组以及对局所用的卡牌文件）重建你在巫师牌对局中的座位，"
        "在控制台上继续下完（--headless：由机器人下）；另一方为你保留座位，直到你回来，"
        "或超出其停滞时限而结束对局。"
    ),
    "help_sorcery_resume_game": (
        "对局编号或其开头几位，与对局结束时"
        "打印的一致（默认：最近一局巫师牌）"
    ),
    "help_sorcery_resume_cards": (
        "读取对局所用的卡牌文件（默认：座位"
        "当时所用的文件，否则为已导入的文件）"
    ),
    # A watcher of a 巫师牌 table: `sorcery watch`
    "cmd_sorcery_watch": "观战 HOST:PORT 的巫师牌对局，或在本地网络上找到的对局",
    "desc_sorcery_watch": (
        "实时跟随一局巫师牌，用你的卡牌文件验证每一条记录：你只看到双方都被展示的牌，"
        "看不到任何手牌，也看不到牌库的顺序。"
    ),
    "help_found_sorcery_watch": "从本地网络上通告的巫师牌牌桌中选择",
}
