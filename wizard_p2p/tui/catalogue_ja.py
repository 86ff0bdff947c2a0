"""The console's texts in 日本語, in the words of the Japanese rule book.

``wizard_p2p.tui.i18n`` lists the terms; the keys are those of every catalogue.
"""
from __future__ import annotations

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
    "variants": "バリアント",
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
    "bid_forbidden": "{n} は禁止（±1）",
    "bid_hint": "←→ か数字で選び、Enter で予想",
    "sealed_hidden": "隠しビッド：全員の予想がそろうまで伏せたまま",
    "sealed_secret": "秘密の予想：ラウンド終了後に公開",
    "trump_prompt": "魔法使いがめくられました。切り札を選んでください ",
    "trump_hint": "←→ か B/G/R/Y で選び、Enter で決定",
    "play_prompt": "あなたの番：カードを出してください",
    "play_hint": "←→ で選択（暗いカードは出せません）、Enter で出す",
    "waiting_bid": "{name} の予想を待っています",
    "waiting_play": "{name} のプレイを待っています",
    "waiting_trump": "{name} の切り札選択を待っています",
    "shuffling": "シャッフル中（{done}/{total}）",
    "dealing": "配布中（{done}/{total}）",
    "revealing": "ラウンドの秘密を公開中（{done}/{total}）",
    "disconnected": "{name} の接続が切れました。待っています",
    "stalled": "{name} の応答がありません。e でゲーム終了",
    "game_over": "ゲーム終了",
    "aborted": "ゲームは中止されました：{detail}",
    "cheated": "{name} が不正をしました：証拠は記録の横に保存されています",
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
        "ロビーで（ホスト）：\n"
        "a            参加希望のプレイヤーを受け入れる\n"
        "x            参加希望のプレイヤーを断る\n"
        "-            着席したプレイヤーを外す（続けて席番号）\n"
        "\n"
        "テーブルで（ホスト）：\n"
        "a            観戦希望の人を受け入れる（古い順）\n"
        "x            観戦希望の人を断る\n"
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
    "replay_fault": "{line} 行目で不正：責任は {who}［{kind}］：{detail}",
    "replay_no_seat": "どの席でもない",
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
    "lobby_variant_keys": "1〜{n}：バリアントの入／切",
    "lobby_not_host": "ゲームを開始できるのはホストだけです。",
    "lobby_waiting_players": "プレイヤーを待っています（{done}/{total}）",
    "lobby_connecting": "{detail} に接続中",
    "lobby_starting": "ゲームを開始しています",
    "lobby_error": "エラー：{detail}",
    "lobby_footer": "Enter 開始  ? ヘルプ  q 離れる",
    "lobby_address_joined": "ロビー",
    "lobby_your_fingerprint": "あなたのフィンガープリント",
    "lobby_full_host": "席はすべて埋まりました。Enter でゲームを始めます",
    "lobby_full": "席はすべて埋まりました。ホストの開始を待っています",
    "lobby_footer_join": "? ヘルプ  q 離れる",
    "quit_lobby_host": "ロビーは全員に対して閉じます。",
    "quit_lobby": "あなたはロビーを出ます。ほかの人は残ります。",
    # Finding a table on the network (wizard-p2p join with no address), and the host's
    # announcement of its lobby.
    "find_title": "テーブルを探す",
    "find_tables": "このネットワークのテーブル（{n}）",
    "find_listening": "このネットワークでテーブルを探しています…",
    "find_none_yet": (
        "見つかりませんか？マルチキャストを遮断するネットワークでは表示されません。"
        "ホストにアドレスを聞いて wizard-p2p join ADDRESS --code CODE を実行してください。"
    ),
    "find_unreadable": "読めない告知 {n} 件は表示していません。",
    "find_players": "{seated}/{seats} 人",
    "find_playing": "対戦中",
    "find_in_lobby": "ロビー",
    "find_age_now": "たった今",
    "find_age_min": "{n} 分",
    "find_age_hours": "{n} 時間",
    "find_full": "そのテーブルは満席です。",
    "find_playing_already": "そのゲームは始まっています。観戦はできますが参加はできません。",
    "find_version": "別のバージョン：{version}",
    "find_other_version": "そのテーブルは別のバージョンの wizard-p2p です。",
    "find_other_game": "そのテーブルは{game}のテーブルです。",
    "find_game": "{game}のテーブル",
    "find_code_prompt": "招待コード：",
    "find_code_hint": "ホストから聞いたコードを入力して Enter。Esc で一覧に戻ります。",
    "find_code_needed": "招待コードが必要です。ホストの画面に表示されています。",
    "find_code_checking": (
        "テーブルのロビーに問い合わせています…"
    ),
    "find_code_wrong": (
        "テーブルのロビーがこの招待コードを拒否しました。確かめてもう一度入力してください。"
    ),
    "find_code_malformed": (
        "招待コードは K7QD-M2XP のような 8 文字の英数字です。もう一度入力してください。"
    ),
    "find_code_no_answer": (
        "テーブルのロビーが応答しません。Esc で一覧に戻ります。"
    ),
    "find_gone": (
        "そのテーブルはもう公開されていません。ホストが抜けました。"
    ),
    "find_footer": "↑↓ 選ぶ  Enter 参加  q 終了",
    "find_footer_watch": "↑↓ 選ぶ  Enter 観戦  q 終了",
    "find_footer_code": "Enter 参加  Esc 戻る  Ctrl-C 終了",
    "find_not_announced": (
        "このロビーはネットワークに告知されていません（{reason}）。"
        "参加者はアドレスで参加してください。"
    ),
    "find_why_no_interface": (
        "マルチキャストを通せるネットワークインターフェースがありません：ループバックだけが有効か、"
        "マルチキャストがオフです"
    ),
    "find_why_listen_elsewhere": (
        "待ち受けアドレス {address} はマルチキャストを通すインターフェースのものではありません"
    ),
    "find_why_failed": "このマシンではマルチキャスト DNS を動かせません",
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
    "watch_title": "観戦：{name} のテーブル",
    "watchers": "観戦中：{names}",
    "watch_request": "{name}（{fingerprint}）が観戦を希望しています",
    "watch_request_keys": "a：受け入れる　x：断る",
    "watch_requests_more": "ほかに {n} 人が観戦を希望しています",
    "watch_admitted": "{name} の観戦を受け入れました。",
    "watch_refused": "{name} の観戦を断りました。",
    "watch_verified": "{n} 行目まで検証済み",
    "watch_refused_entry": "{name} から届いた {n} 行目の記録を拒否：{detail}",
    "watch_round_checked": "第{n}ラウンドを検証済み",
    "watch_admission": "ホストの受け入れを待っています：{detail}",
    "watch_footer": "? ヘルプ  s スコア  l 記録  q 観戦をやめる",
    "watch_leave": "Enter か q：観戦をやめる",
    "watch_help_lines": (
        "観戦中：手札は表示されません。予想はテーブル全員に見えてから表示されます\n"
        "（伏せた予想は「秘」と表示）。\n"
        "\n"
        "s            スコアパッド（行＝ラウンド：予想 / 獲得 / 合計）\n"
        "l            ゲームの記録\n"
        "?            このヘルプ\n"
        "↑/↓ PgUp PgDn  ウィンドウをスクロール\n"
        "Esc          ウィンドウを閉じる\n"
        "q、Ctrl-C    観戦をやめる（ゲームはそのまま続きます）\n"
        "\n"
        "> は手番、D はディーラー、* はトリックを取っているカード。\n"
        "カード：B 青・人、G 緑・エルフ、R 赤・ドワーフ、Y 黄・巨人、1 最弱 13 最強。\n"
        "Z 魔法使い、N 道化師。"
    ),
    # The lines printed once the console has closed (commands.printout).
    "end_game": "ゲーム {id}",
    "end_winners": "勝者：{names}",
    "end_left_resumable": "ゲームを抜けました。再開するには：",
    "end_left": "ゲームを抜けました",
    "end_log": "記録：",
    "end_check": "検証するには：",
    "end_lobby_left": "ロビーを出ました。ゲームは始まっていません",
    "end_seats_logs": "全席の記録：",
    "end_offline_no_log": (
        "オフラインのゲームは記録を残しません。"
        "検証できる署名付きの記録には --offline なしで遊んでください"
    ),
    # --- 巫师牌's console (wizard_p2p/tui/sorcery_*.py) ---
    "sorcery_you": "あなた",
    "sorcery_bot": "ボット",
    "sorcery_theirs": "相手の",
    "sorcery_row_0": "前列",
    "sorcery_row_1": "中列",
    "sorcery_row_2": "後列",
    "sorcery_cell": "{row}{col}",
    "sorcery_side": (
        "{name}：{hero} ♥{life}"
        " · 手札{hand} · デッキ{deck} · 捨て札{discard} · 元素{elements}"
    ),
    "sorcery_zones": "スキル：{skills}｜装備：{equipment}",
    "sorcery_hand": "手札：{cards}",
    "sorcery_pool": "スキルプール：{cards}",
    "sorcery_status": "巫师牌 · 第{turn}ターン · {who} · {step}",
    "sorcery_status_over": "巫师牌 · ゲーム終了（第{turn}ターン）",
    "sorcery_step_mulligan": "引き直し",
    "sorcery_step_play": "プレイ",
    "sorcery_step_defend": "呪文戦闘：防御",
    "sorcery_step_over": "終了",
    "sorcery_battle_open": "呪文戦闘：{spell}が威力{power}で攻撃（ダメージ{attack}）、防御する？",
    "sorcery_battle_hit": "前回の呪文戦闘：{spell}威力{power}対防御{defence}：{targets}に命中",
    "sorcery_battle_held": "前回の呪文戦闘：{spell}威力{power}対防御{defence}：防御成功",
    "sorcery_cost": "登場コスト{value}",
    "sorcery_expense": "使用コスト{value}",
    "sorcery_gain": "負荷{value}",
    "sorcery_attack": "攻撃{value}",
    "sorcery_life": "ライフ{value}",
    "sorcery_power": "威力{value}",
    "sorcery_duration": "持続{value}",
    "sorcery_zone": "{zone}にある",
    "sorcery_zone_name_deck": "デッキ",
    "sorcery_zone_name_hand": "手札",
    "sorcery_zone_name_units": "ユニット区",
    "sorcery_zone_name_skills": "スキル区",
    "sorcery_zone_name_equipment": "装備区",
    "sorcery_zone_name_pool": "スキルプール",
    "sorcery_zone_name_discard": "捨て札",
    "sorcery_zone_name_idle": "待機区",
    "sorcery_tapped": "横置き",
    "sorcery_refused": "できません：{detail}",
    "sorcery_bot_failed": "ボットが動けません（{detail}）。q で退出できます。",
    "sorcery_nothing": "選べるものがありません：{what}",
    "sorcery_choose_n": "ちょうど{n}枚選んでください。",
    "sorcery_unknown_key": "ここではそのキーは使えません。キー一覧は ? キー。",
    "sorcery_prompt_mulligan": "初期手札：キープ（k）か、一度だけ引き直し（m）？",
    "sorcery_prompt_play": "あなたのターン：行動を選んでください（キー一覧は ? キー）。",
    "sorcery_prompt_defend": "ボットの呪文：防御（d）か、受ける（p）か？",
    "sorcery_prompt_wait": "ボットの行動中……",
    "sorcery_prompt_over": "ゲーム終了。",
    "sorcery_prompt_quit": "投了して退出？",
    "sorcery_keys_mulligan": "k キープ  m 引き直し  v カード  ? ヘルプ  q 退出",
    "sorcery_keys_play": "s召喚 c消耗 a詠唱 t攻撃 l習得 n終了 g汎用 ? ヘルプ",
    "sorcery_keys_defend": "d 防御  p 受ける  i 呪術  g 汎用  v カード  ? ヘルプ",
    "sorcery_keys_wait": "v カード  ? ヘルプ  q 退出（ほかのキーはあなたの番まで保留）",
    "sorcery_keys_over": "Enter か q：退出",
    "sorcery_keys_quit": "y 投了して退出  n 残る",
    "sorcery_keys_pick": "選択肢のキーを押す  Esc 取消",
    "sorcery_keys_pick_many": "キーで印を付ける  Enter 決定  Esc 取消",
    "sorcery_ask_consume": "どのカードを消耗して負荷を得る？",
    "sorcery_ask_summon": "どの生物を召喚する？",
    "sorcery_ask_cell": "どのマス？",
    "sorcery_ask_equip": "どの道具を装備する？",
    "sorcery_ask_replace": "どの装備と入れ替える？",
    "sorcery_ask_item": "どの道具を使う？",
    "sorcery_ask_learn": "どのスキルを習得する？",
    "sorcery_ask_forget": "どのスキルをプールに戻す？",
    "sorcery_ask_invoke": "どの呪術を使う？",
    "sorcery_ask_cast": "どの呪文を詠唱する？",
    "sorcery_ask_boosts": "どの呪文で強化する？",
    "sorcery_ask_target": "どのユニットに？",
    "sorcery_ask_area": "どの範囲に？",
    "sorcery_ask_defend": "どの呪文で防御する？",
    "sorcery_ask_overdraw": "どのカードをオーバードローして払う？",
    "sorcery_ask_attacker": "どのカードで攻撃する？",
    "sorcery_ask_ability": "どの能力？",
    "sorcery_ask_ability_card": "どのカードの能力を使う？",
    "sorcery_ask_discard": "手札上限まで{n}枚捨てる：",
    "sorcery_ask_generic": "どの汎用行動？",
    "sorcery_ask_amount": "いくつ？",
    "sorcery_ask_from": "どの領域のカード？",
    "sorcery_ask_card": "どのカード？",
    "sorcery_ask_zone": "どの領域へ？",
    "sorcery_ask_unit": "どのユニット？",
    "sorcery_ask_marker": "どのマーカー？",
    "sorcery_ask_search": "デッキからどのカードを探す？",
    "sorcery_ask_derived": "どの派生カード？",
    "sorcery_ask_element": "どの元素？",
    "sorcery_ask_field": "どの数値を変える？",
    "sorcery_ask_view": "どのカードを読む？",
    "sorcery_generic_move": "カードを領域間で動かす",
    "sorcery_generic_damage": "ユニットにダメージ",
    "sorcery_generic_heal": "ユニットを回復",
    "sorcery_generic_mark": "マーカーを置く",
    "sorcery_generic_unmark": "マーカーを取り除く",
    "sorcery_generic_draw": "カードを引く",
    "sorcery_generic_search": "デッキを探す",
    "sorcery_generic_shuffle": "デッキをシャッフル",
    "sorcery_generic_look": "デッキの上を見る",
    "sorcery_ask_look_count": "デッキの上から何枚見る？",
    "sorcery_ask_look_take": "そのうちどれを手札に加える？（Enter：これ以上なし）",
    "sorcery_ask_look_next": "次に戻すのはどれ？（最初のものが一番上）",
    "sorcery_ask_look_under": "そのうち何枚（最後に置いたもの）をデッキの下に置く？",
    "sorcery_look_not_now": "今はデッキを見ることができません。",
    "sorcery_generic_derived": "派生カードを場に出す",
    "sorcery_generic_gain": "一時的に元素を得る",
    "sorcery_generic_tap": "カードを横置き・リセット",
    "sorcery_generic_modify": "カードの数値を変える",
    "sorcery_field_attack": "攻撃",
    "sorcery_field_life": "ライフ",
    "sorcery_field_power": "威力",
    "sorcery_told_keep": "{who}は初期手札をキープした。",
    "sorcery_told_mulligan": "{who}は引き直した。",
    "sorcery_told_consume": "{who}は{card}を消耗し、負荷を得た。",
    "sorcery_told_summon": "{who}は{card}を{cell}に召喚した。",
    "sorcery_told_equip": "{who}は{card}を装備した。",
    "sorcery_told_item": "{who}は{card}を使った。",
    "sorcery_told_learn": "{who}は{card}を習得した。",
    "sorcery_told_invoke": "{who}は呪術{card}を使った。",
    "sorcery_told_cast": "{who}は{target}に{card}を詠唱した、威力{power}。",
    "sorcery_told_no_defence": "{who}は防御しなかった",
    "sorcery_told_defend": "{who}は{card}で防御した",
    "sorcery_told_attack": "{who}は{card}で{target}を攻撃した。",
    "sorcery_told_ability": "{who}は{card}の{ability}を使った。",
    "sorcery_told_end": "{who}はターンを終えた。",
    "sorcery_told_discards": "捨て札：{cards}。",
    "sorcery_told_concede": "{who}は投了した。",
    "sorcery_told_move": "{who}は{card}を{zone}へ動かした。",
    "sorcery_told_damage": "{who}は{card}に{n}ダメージを与えた。",
    "sorcery_told_heal": "{who}は{card}を{n}回復した。",
    "sorcery_told_mark": "{who}は{card}に{marker}を{n}個置いた。",
    "sorcery_told_unmark": "{who}は{card}から{marker}を{n}個取り除いた。",
    "sorcery_told_draw": "{who}は{n}枚引いた。",
    "sorcery_told_search": "{who}はデッキを探した。",
    "sorcery_told_look": "{who}はデッキの上から{n}枚を見て、{under}枚を下に置いた。",
    "sorcery_told_shuffle": "{who}はデッキをシャッフルした。",
    "sorcery_told_derived": "{who}は{card}を{zone}に出した。",
    "sorcery_told_gain": "{who}は{elements}を得た。",
    "sorcery_told_tap": "{who}は{card}を横置きにした。",
    "sorcery_told_reset": "{who}は{card}をリセットした。",
    "sorcery_told_modify": "{who}は{card}の数値を変えた。",
    "sorcery_told_other": "{who}が行動した。",
    "sorcery_card_title": "カード",
    "sorcery_help_title": "巫师牌：キー",
    "sorcery_help_lines": (
        "行動はキー一つで始め、続いて各選択肢のキーを押します。\n"
        "引き直し：k キープ、m 一度だけ引き直し。\n"
        "あなたのターン：c カードを消耗して負荷を得る   s 生物を召喚\n"
        "  e 道具を装備   u 薬剤か巻物を使う   l スキルを習得\n"
        "  a 呪文を詠唱（強化を選び Enter、次に対象）\n"
        "  t 前列のユニットで直接攻撃   i 呪術を使う\n"
        "  b カードの能力（消耗、回合技、绝技）   n ターン終了\n"
        "  g 汎用行動：カードの文を実行（移動、ダメージ、回復、\n"
        "    マーカー、ドロー、探す、シャッフル、派生、元素、横置き、数値、\n"
        "    コントロール、カードが与える枠）\n"
        "呪文戦闘：d 防御（呪文、強化、オーバードローするカード）\n"
        "  p 受ける   i 反制の呪術   g 汎用行動\n"
        "いつでも：v カードの全文   ? このヘルプ   q 投了して退出\n"
        "  $ 手動支払い（各コストの元素、最初のターンの半分の負荷）\n"
        "選択：選択肢のキーで決定。複数選ぶときはキーで印を付け、\n"
        "  Enter で決定。Esc で行動を取り消す。\n"
        "ユニット区：前列が中央の線の側。~ 横置き、* マーカー、\n"
        "  ユニット名の後は攻撃/ライフ。"
    ),
    "sorcery_quit_title": "退出",
    "sorcery_quit_question": "投了して退出しますか？y はい、n いいえ",
    "sorcery_end_title": "終局",
    "sorcery_end_won": "あなたの勝ち！",
    "sorcery_end_lost": "ボットの勝ち。",
    "sorcery_end_draw": "引き分け。",
    "sorcery_net_won": "{name}（席 {n}）の勝ち。",
    "sorcery_net_unfinished": "ゲームは終わりませんでした。",
    "sorcery_end_hero_died": "英雄のライフが 0 になった（第{turn}ターン）。",
    "sorcery_end_conceded": "投了（第{turn}ターン）。",
    "sorcery_end_turn_limit": "ターン上限に達した（第{turn}ターン）。",
    "sorcery_end_keys": "Enter か q：退出。v：カードを読む。",
    # --- 巫师牌の拒否理由：エンジンの規則ごとに一文（sorcery_rule_*） ---
    "sorcery_rule_unknown_action": "巫师牌の行動ではありません。",
    "sorcery_rule_game_over": "ゲームは終了しています。",
    "sorcery_rule_step": "ゲームのこの段階ではできません。",
    "sorcery_rule_turn": "今はあなたの番ではありません。",
    "sorcery_rule_player": "そのプレイヤーはいません。",
    "sorcery_rule_no_card": "このゲームにそのカードはありません。",
    "sorcery_rule_not_yours": "あなたのカードではありません。",
    "sorcery_rule_zone": "そのカードのある領域ではできません。",
    "sorcery_rule_card_kind": "その種類のカードではできません。",
    "sorcery_rule_tapped": "そのカードは横置きです。",
    "sorcery_rule_upright": "そのカードは横置きではありません。",
    "sorcery_rule_stunned": "眩晕のカードは横置きにできません。",
    "sorcery_rule_frozen": "冻结のカードはリセットできません。",
    "sorcery_rule_cooldown": "冷却中のカードはリセットも入れ替えもできません。",
    "sorcery_rule_sealed": "封印のカードは使えません。",
    "sorcery_rule_petrified": "石化のカードのテキストは無効です。",
    "sorcery_rule_cost": "あなたの元素ではそのコストを払えません。",
    "sorcery_rule_no_load": "そのカードには負荷がありません。",
    "sorcery_rule_first_turn_load": (
        "先手の最初のターンは英雄の負荷の半分（切り上げ）だけを得ます。"
        "ほかのカードの負荷はすべて得ます。"
    ),
    "sorcery_rule_cell": "そのマスは埋まっているか、ユニット区のマスではありません。",
    "sorcery_rule_skill_limit": "スキル区がいっぱいです：横置きでないスキルと入れ替えてください。",
    "sorcery_rule_equipment_limit": "装備区がいっぱいです：装備を一つ入れ替えてください。",
    "sorcery_rule_equipment_kind": "同じ種類の装備は一つだけです：今の装備と入れ替えてください。",
    "sorcery_rule_replace": "入れ替えられるのは横置きでないスキルだけです。",
    "sorcery_rule_hand_limit": "手札上限の5枚まで捨ててください。",
    "sorcery_rule_defence_only": "その呪文は防御専用です。",
    "sorcery_rule_undefendable": "この呪文は防御できません。",
    "sorcery_rule_target": "それは選べる対象ではありません。",
    "sorcery_rule_range": "対象が魔力範囲の外です。",
    "sorcery_rule_hidden": "隐蔽のユニットは敵の対象になりません。",
    "sorcery_rule_area": "その範囲は呪文の範囲に合いません。",
    "sorcery_rule_front_row": "直接攻撃できるのは前列のユニットだけです。",
    "sorcery_rule_no_attack": "そのカードには攻撃力がありません。",
    "sorcery_rule_ability": "そのカードにその能力はありません。",
    "sorcery_rule_per_turn": "その回合技はこのターンもう使えません。",
    "sorcery_rule_ultimate": "その绝技はもう使いました。",
    "sorcery_rule_order": "デッキの新しい順番ではありません。",
    "sorcery_rule_amount": "数が範囲外です。",
    "sorcery_rule_hero": "英雄は自分のユニット区から動きません。",
    "sorcery_rule_weak_on_hero": "虚弱は英雄にだけ置けます。",
    "sorcery_rule_derived": "そのカードはあなたのエクストラデッキにありません。",
    "sorcery_rule_overdraw": "オーバードロー（透支）は相手のターンに、各カード一度だけです。",
    "sorcery_rule_control": "そのカードはすでにあなたのコントロール下です。",
    # --- 巫师牌のコンソール：コントロール、枠、カードの負荷 ---
    "sorcery_generic_control": "カードをコントロールする（自分のカードを取り戻す）",
    "sorcery_generic_slots": "カードが与える枠を決める",
    "sorcery_field_gain": "負荷",
    "sorcery_ask_control": "どのカードをコントロールする？",
    "sorcery_ask_slots_card": "枠を与えるのはどのカード？",
    "sorcery_ask_skill_slots": "上限を超えるスキル枠はいくつ？",
    "sorcery_ask_equipment_slots": "上限を超える装備枠はいくつ？",
    "sorcery_ask_any_kind": "どの種類の装備も（同じ種類を複数）？",
    "sorcery_yes": "はい",
    "sorcery_no": "いいえ",
    "sorcery_borrowed": "コントロール奪取：持ち主の側にない",
    "sorcery_told_control": "{who}は{card}のコントロールを得た。",
    "sorcery_told_slots": "{who}：{card}はスキル枠+{skills}、装備枠+{equipment}を与える。",
    "sorcery_told_any_kind": "装備の種類は自由。",
    # --- 巫师牌のコンソール：手動で支払う ---
    "sorcery_ask_pay": "コスト{cost}、支払済{paid}：{unit}一つを何で払う？",
    "sorcery_ask_load": "英雄の負荷{load}から{n}つ得る、取得済{taken}：次は？",
    "sorcery_by_hand_on": "手動支払い：各コストを払う元素をあなたが選びます（もう一度 $：自動）。",
    "sorcery_by_hand_off": "自動支払い：元素はエンジンが選びます（もう一度 $：手動）。",
    "sorcery_status_by_hand": " · 手動支払い",
    # --- 巫师牌のコンソール：ボットの行動中に押したキー ---
    "sorcery_held": "お待ちください、ボット行動中。保留：{keys}（Esc で破棄）",
    "sorcery_held_full": "お待ちください：ボットの行動中で、保留中のキーはもう十分です。",
    "sorcery_held_dropped": "ボットの呪文：先に押したキーは破棄しました。",
    "sorcery_held_cleared": "先に押したキーは破棄しました。",
    # --- コーチ -------------------------------------------------------------------------
    "coach_title": "コーチ",
    "coach_thinking": "コーチが考えています……",
    "coach_not_allowed": "このゲームの条件ではコーチを使えません。",
    "coach_nothing": "コーチは、あなたが予想・切り札の選択・カードを出す番に助言します。",
    "coach_view": "あなたの席から見えることだけで：",
    "coach_says_bid": "コーチの予想：{bid}",
    "coach_bid_option": "予想 {bid}：期待 {points} 点",
    "coach_says_trump": "コーチの切り札：{suit}",
    "coach_trump_option": "{suit}：最善の予想で期待 {points} 点",
    "coach_says_card": "コーチの一手：{card}（あなたの予想：{bid}）",
    "coach_card_option": "{card}：トリックを取る確率 {win}%、期待 {points} 点",
    "coach_close": "c または Esc：閉じる",
    "coach_key": "c コーチ",
    "coach_help": "c            コーチに聞く（ゲームの条件が許すとき）",
    "coach_allowed": "コーチ可",
    "coach_off": "コーチなし",
    "coach_note_bid": "コーチなら予想 {choice}：期待 {points} 点；"
    "実際の予想 {made}：期待 {made_points}",
    "coach_note_same_bid": "コーチも予想 {choice}：期待 {points} 点",
    "coach_note_trump": "コーチなら{choice}：期待 {points} 点；"
    "実際は{made}：期待 {made_points}",
    "coach_note_same_trump": "コーチも切り札は{choice}：期待 {points} 点",
    "coach_note_card": "コーチなら {choice}：期待 {points} 点；"
    "実際は {made}：期待 {made_points}",
    "coach_note_same_card": "コーチも {choice}：期待 {points} 点",
    "coach_costliest": "このラウンドで最も高くついた判断：{name}、{note}",
    "coach_none_costly": "コーチはこのラウンドのすべての判断に同意します。",
    "coach_reading": "コーチがこのラウンドを読んでいます……",
    "coach_notes_on": "コーチの講評を表示（c で隠す）",
    "coach_notes_off": "コーチの講評を非表示（c で表示）",
    "coach_notes_unavailable": "コーチの講評なし："
    "このラウンドか、それ以前のラウンドの手札が分かりません",
    "coach_replay_help": "c            予想と各カードへのコーチの講評の表示・非表示",
    # 同じテーブルで続けて遊ぶシリーズと、保存されたゲーム（history）。
    "again_key": "n：このテーブルでもう一ゲーム",
    "series_title": "シリーズの順位（第 {n} ゲーム後）",
    "series_col_player": "プレイヤー",
    "series_col_played": "ゲーム数",
    "series_col_won": "勝ち",
    "series_col_points": "得点",
    "series_col_exact": "的中",
    "series_rule": "勝ったゲーム数、次に得点、次にビッドを的中させたラウンド数で順位を決めます",
    "series_of": "シリーズ {id}、第 {n} ゲーム",
    "again_offered": "このテーブルでもう一ゲーム：ロビーをもう一度開きました",
    "again_asking": "次のゲームの席をホストに頼んでいます…",
    "history_none": "{path} に保存されたゲームはありません",
    "history_game": "{date}　ゲーム {id}",
    "history_players": "プレイヤー：{names}",
    "history_variants": "バリアント：{names}",
    "history_no_variants": "バリアント：なし",
    "history_winners": "勝者：{names}",
    "history_state_finished": "終了",
    "history_state_aborted": "中断",
    "history_state_unfinished": "未完了",
    "history_state_fault": "不正を検出",
    "history_state_unreadable": "読めません",
    "history_verified": "検証済み",
    "history_not_verified": "検証できず",
    "history_replay": "再生するには：",
    "history_unknown": "{path} にゲーム {id} はありません",
    "history_several": "{id} に当たるゲームが複数あります：桁をもっと指定してください",
    "history_more": "一ゲームの詳細：",
    # ロビーの出来事（node.lobby_news.LobbyNews）、ロビー画面での言い方。
    "lobby_news_joined": "{who} が参加しました",
    "lobby_news_asks": "{who} が参加を求めています",
    "lobby_news_asks_again": "{who} がもう一度参加を求めています",
    "lobby_news_not_admitted": "{who} の参加を断りました",
    "lobby_news_removed": "{who} をテーブルから外しました",
    "lobby_news_left": "{who} がロビーを出ました",
    "lobby_news_gone": "{who} との連絡が途絶えました",
    "lobby_news_started": "ゲームが始まりました",
    "lobby_news_called_off_left": "開始を取りやめました：{who} がロビーを出ました",
    "lobby_news_called_off_gone": "開始を取りやめました：{who} との連絡が途絶えました",
    "lobby_news_called_off_late": "開始を取りやめました：{who} が時間内に署名しませんでした",
    "lobby_news_dropped": "クライアント {who} は送りすぎのため切断しました",
    "lobby_news_called_off": "開始を取りやめました。ホストの開始を待っています",
    # 巫师牌 with hidden cards
    "sorcery_rule_unknown_card": "そのカードはまだあなたに公開されていません。",
    "sorcery_rule_reveal": "公開されたカードはそのカードではありえません。",
    # The lobby's status lines (tui.lobby_screen.LobbyStatusKind) the other keys do not say.
    "lobby_admission": "ホストの承認を待っています",
    "lobby_announced": "ローカルネットワークに公開中：join でこのテーブルが見つかります",
    # A headless seat's lines in the lobby (a bot's, or --headless).
    "lobby_headless_open": "ウィザードのロビー：{seats} 人、招待コード {code}",
    "lobby_headless_join_with": "  ほかのプレイヤーの参加方法：{command}",
    "lobby_headless_fingerprint": "あなたのフィンガープリント：{fingerprint}",
    "lobby_headless_seat": "  席 {n}：{name}  {fingerprint}",
    "lobby_headless_seated": "席 {n} に着きました。ゲームを始めます",
    "lobby_headless_connecting": "{name}（{fingerprint}）として {address} に接続しています…",
    # How a game ended early (``tui.ending_text.ending_reason``), and the printout's line.
    "ended_stalled": "{name}（席 {seat}）が制限時間を超えてゲームを止めました",
    "ended_cheating": "不正を検出：席 {seat}（{name}）、記録の {line} 行目：{detail}",
    "ended_cheating_unknown": "不正を検出：{detail}",
    "end_ended": "ゲーム終了：{reason}",
    # Sentences of the audit, the copies report, replay, files and errors (``errors.Said``).
    "seat_named": "席 {n}（{name}）",
    "seat_n": "席 {n}",
    "seat_none": "どの席でもない",
    "audit_game": "ゲーム {id}…  {n} 件の記録",
    "audit_pad_round": "ラウンド",
    "audit_pad_sub": "予想 取 合計",
    "audit_winners": "勝者：{names}",
    "audit_verified": "検証済み：完全なゲーム、全席が合意",
    "audit_aborted": (
        "第{rounds}ラウンドまで検証済み。{writer}がゲームを終了：{stalled}が止めたため：{"
        "reason}"
    ),
    "audit_ends": "第{rounds}ラウンドまで検証済み。記録は段階 {stage} で終わっています",
    "audit_ends_waiting": (
        "第{rounds}ラウンドまで検証済み。記録は段階 {stage} で終わり、{seat}を待っていま"
        "す"
    ),
    "audit_fault": "{line} 行目で不正：責任は{who}［{kind}］：{detail}",
    "audit_evidence_fault": "他の席が拒否した、その席の署名のある記録（証拠は {file}）：{why}",
    "audit_no_file": "ファイルがありません：{path}",
    "card_file_where": (
        "SorceryComposer の resources/all_card_infos.json（{url}）を入手し、{command} で"
        "取り込んでください"
    ),
    "card_file_unreadable": "{problem}：{where}",
    "card_file_not_cards": "{path} は使えるカードファイルではありません（{detail}）：{where}",
    "audit_needs_card_file": (
        "巫师牌のゲームは対局に使ったカードファイルで読みます：wizard-p2p sorcery cards import "
        "FILE で一度取り込むか、--cards FILE で指定してください"
    ),
    "audit_other_card_file": (
        "この巫师牌のゲームは別のカードファイルで対局されました：このファイルの SHA-256 は"
        "ゲーム記録の開始が記すものではありません"
    ),
    "audit_log_empty": "記録が空です",
    "audit_not_log_empty": "wizard-p2p の記録ではありません：ファイルが空です",
    "audit_not_log_no_line": "wizard-p2p の記録ではありません：完全な行がありません",
    "audit_not_log_no_entry": "wizard-p2p の記録ではありません：記録の行がありません",
    "audit_other_version": (
        "プロトコル版 {version} で書かれています。このプログラムは版 {ours} を読みます"
    ),
    "audit_other_version_line": (
        "{line} 行目はプロトコル版 {version} で書かれています。このプログラムは版 {ours} "
        "を読みます"
    ),
    "audit_torn": "最後の行が途中で切れています（改行のない {bytes} バイト）。数えません",
    "audit_evidence_unreadable": "記録の横の証拠ファイルが読めません：{why}",
    "audit_evidence_of": "{seat}の証拠、{kind}、{line} 行目",
    "audit_proven": "{what}：証明済み",
    "audit_proves_nothing": "{what}：何も証明しません：{why}",
    "fault_kind_bad_signature": "不正な署名",
    "fault_kind_endorsement": "不正な承認",
    "fault_kind_replay": "古い記録の再送",
    "fault_kind_after_end": "終了後の記録",
    "fault_kind_fork": "分岐",
    "fault_kind_out_of_turn": "手番外",
    "fault_kind_equivocation": "二重署名",
    "fault_kind_malformed": "形式の誤り",
    "fault_kind_commitment": "コミットメント不一致",
    "fault_kind_bid_range": "予想が範囲外",
    "fault_kind_plus_minus_one": "±1 違反",
    "fault_kind_final": "最終結果の不一致",
    "fault_kind_gap": "行の欠落",
    "fault_kind_duplicate": "行の重複",
    "fault_kind_not_held": "手札にないカード",
    "fault_kind_follow_suit": "マストフォロー違反",
    "fault_kind_secret": "秘密の不一致",
    "fault_kind_deck": "山札の不一致",
    "fault_kind_wrong_key": "誤った鍵",
    "fault_kind_shuffle": "シャッフルの不一致",
    "fault_kind_lock": "ロックの不一致",
    "fault_kind_false_dispute": "偽りの異議",
    "fault_kind_dispute": "異議",
    "copies_count_one": "写し {n} 部",
    "copies_count_many": "写し {n} 部",
    "copies_lines_one": "{n} 行",
    "copies_lines_many": "{n} 行",
    "copies_entries_one": "{n} 件の記録",
    "copies_entries_many": "{n} 件の記録",
    "copies_game": "ゲーム {id}…  {copies}",
    "copies_copy": "写し {n} {name}、{lines}：{verdict}",
    "copies_unreadable": "読めません：{why}",
    "copies_in_one": "写し {which} に",
    "copies_in_many": "写し {which} に",
    "copies_signed_entry": "{seat}の {kind} {hash}…",
    "copies_held": "{entry} {where}",
    "copies_fork": "{line} 行目で分岐：{held}",
    "copies_refuted": "成立しません：{seat}の {line} 行目の中止：{why}",
    "copies_refutation": (
        "席 {seat} は {line} 行目でゲームを終了したのに、{copy} でその上に {later} 行目を"
        "署名しました"
    ),
    "copies_fork_stands": "写しは {line} 行目で分岐。成立する結末：{standing}",
    "copies_agree": "写しは一致：{standing}",
    "copies_signed_by": "{seat}の署名、{line} 行目（{kind}）：{sig}",
    "copies_no_copy": "写しがありません",
    "copies_other_genesis_one": (
        "同じゲームの写しではありません：{others} の開始が {first} と違います"
    ),
    "copies_other_genesis_many": (
        "同じゲームの写しではありません：{others} の開始が {first} と違います"
    ),
    "copies_equivocation": "{seat}が {line} 行目に異なる二つの記録を署名：二重署名の証明",
    "copies_finished": "完全なゲーム、全席が合意：{result}",
    "result_totals": "合計 {totals}",
    "result_won": "{seat}の勝ち",
    "result_draw": "引き分け",
    "copies_aborted": "{writer}がゲームを終了：{stalled}が止めたため：{reason}",
    "copies_fault": "責任は{who}［{kind}］{where}：{detail}",
    "copies_at_line": "、{line} 行目",
    "copies_incomplete": "どの写しでもゲームは終わっていません。最長の写しは {entries}",
    "replay_ended_by": "席 {writer} がゲームを終了：席 {stalled} が止めたため：{reason}",
    "replay_ends_after": "記録は第{n}ラウンドの後で終わっています",
    "replay_exported": "{path}：{rounds} ラウンド、{status}：{message}",
    "file_missing": "{path} に{what}がありません",
    "file_symlink": "{what} {path} はシンボリックリンクです。通常のファイルとしてのみ読みます",
    "file_socket_or_device": "{what} {path} はソケットかデバイスで、通常のファイルではありません",
    "file_cannot_read": "{what} {path} が読めません：{why}",
    "file_not_regular": "{what} {path} は{kind}で、通常のファイルではありません",
    "file_not_private": (
        "{what} {path} は他のユーザーに開かれています（モード {mode}）。直すには：chmod 6"
        "00 {path}"
    ),
    "file_too_large": "{what} {path} は上限 {limit} を超えています",
    "file_is_input": "{what} {path} は読んでいるファイルそのものです。別のパスを選んでください",
    "file_cannot_write": "{what} {path} に書けません：{why}",
    "file_never_over": "{what} {path} は{kind}です。上書きしません",
    "file_exists_force": "{what} {path} は既にあります。置き換えるには --force",
    "file_exists": "{path} は既にあります。置き換えません",
    "file_kind_folder": "フォルダー",
    "file_kind_fifo": "名前付きパイプ（FIFO）",
    "file_kind_device": "デバイス",
    "file_kind_socket": "ソケット",
    "file_kind_link": "シンボリックリンク",
    "file_kind_other": "通常でないファイル",
    "file_what_log": "記録",
    "file_what_evidence_file": "証拠ファイル",
    "file_what_identity_key": "身元の鍵",
    "file_what_key_file": "鍵ファイル",
    "file_what_seat_record": "席の記録",
    "file_what_file": "ファイル",
    "file_what_export": "書き出し先",
    "file_what_log_to_save": "保存する記録",
    "file_what_log_copy": "記録の写し",
    "file_what_evidence_copy": "証拠の写し",
    "file_what_card_file_of_巫师牌": "巫师牌のカードファイル",
    "error_line": "wizard-p2p：{text}",
    "error_stopped": "中断しました",
    "error_internal": "内部エラー（{kind}：{detail}）。報告してください",
    "error_no_terminal_bot": (
        "コンソールはキーを読むために端末が必要です。端末で実行するか、ボットを座らせるに"
        "は：{command}"
    ),
    "error_no_terminal_watch": (
        "コンソールはキーを読むために端末が必要です。端末で実行するか、観戦するには：{com"
        "mand}"
    ),
    "error_no_terminal_replay": "リプレイには端末が必要です。書き出すには --export FILE.json",
    "error_cannot_replay": "{path} をリプレイできません：{why}",
    "error_cannot_write": "{path} に書けません：{why}",
    "error_code_needed": "ホストの招待コードが必要です：--code ABCD-EF23",
    "error_address": "アドレスは {example} のような形です。{text} ではありません",
    "error_seconds": "{option} は 0 より大きい秒数です。{value} ではありません",
    "error_games": "--games は 1 から {max} までのゲーム数です。{games} ではありません",
    "error_approve_headless": (
        "--approve にはコンソールが必要です。ボットのホストは誰も承認できません"
    ),
    "error_no_resume": "{path} に再開できるゲームはありません",
    "error_never_started": "そのゲームは始まっていません（記録が空です）",
    "error_resume_version": (
        "ゲーム {id} はプロトコル版 {version} で遊ばれました。このプログラムは版 {ours} "
        "で、再開できません"
    ),
    "error_one_program": (
        "別の wizard-p2p プログラムが {path} の鍵で遊んでいます。プレイヤーごとに自分のデ"
        "ータフォルダーが必要です（--data-dir）"
    ),
    "error_bots": (
        "{seats} 席には、あなたと {with_you} 体のボット、または --headless で {seats} 体"
        "が必要です"
    ),
    "error_no_table_chosen": "テーブルが選ばれませんでした",
    "error_table_gone": "そのテーブルはもう告知されていません。ホストが去りました",
    "error_no_sorcery_engine": "この wizard-p2p のビルドには巫师牌のエンジンがありません",
    "replay_status_finished": "終了",
    "replay_status_aborted": "中止",
    "replay_status_fault": "不正を検出",
    "replay_status_incomplete": "未完了",
    "story_trump_chosen": "{name} が切り札に{suit}を選択",
    "story_trump_chosen_you": "あなたが切り札に{suit}を選択",
    "stalled_mark": "（停止）",
    "error_practice_resume": (
        "ゲーム {id} はボットとの練習ゲームで、抜けた時に終わりました。再開できません。新"
        "しく始めるには：{command}"
    ),
    "seat_back": "{name} が戻りました",
    "error_none_heard": (
        "{seconds} 秒以内にこのネットワークで空席のあるロビーは見つかりませんでした（マル"
        "チキャストを遮断するネットワークでは見えません）。ホストにアドレスを聞いてくださ"
        "い：{example}"
    ),
    "error_none_heard_watch": (
        "{seconds} 秒以内にこのネットワークでテーブルは見つかりませんでした。ゲームはホス"
        "トのプログラムを通じて告知・観戦されるため、ホストが去ると告知されません。マルチ"
        "キャストを遮断するネットワークでも見えません。ホストにアドレスを聞いてください："
        "{example}"
    ),
    "find_none_yet_watch": (
        "見つかりませんか？ゲームはホストのプログラムを通じて告知・観戦されます。ホストが"
        "去ると告知されません。マルチキャストを遮断するネットワークでも表示されません。ホ"
        "ストにアドレスを聞いて wizard-p2p watch ADDRESS --code CODE を実行してください。"
    ),
    "fault_detail": "［{kind}］{reason}",
    "error_unknown_lang": "不明な言語 {lang}。次から選んでください：{choices}",
    "error_gate_bots": "ホストがこのゲームにない席をボットと伝えました（席は {seats} つです）",
    "error_table_full_watch": "テーブルは満席です。観戦するには：{command}",
    # A host's refusal of a joiner, by its kind (protocol.lobby_schema.RefusalKind).
    "lobby_refused_wrong_code": (
        "ホストに断られました：招待コードがこのテーブルのものではありません"
    ),
    "lobby_refused_other_version": (
        "ホストに断られました：テーブルは別のバージョンの wizard-p2p です（このプログラムは "
        "{ours}）。全員が同じバージョンを使う必要があります"
    ),
    "lobby_refused_key_mismatch": "ホストに断られました：プレイヤーの鍵が接続の鍵と一致しません",
    "lobby_refused_same_identity": (
        "ホストに断られました：同じ鍵の別の wizard-p2p がすでにこのテーブルにいます。プレイ"
        "ヤーごとに自分のデータフォルダーが必要です（--data-dir）"
    ),
    "lobby_refused_name_taken": (
        "ホストに断られました：名前 {name} はこのテーブルで使われています。別の名前を選んで"
        "ください（--name）"
    ),
    "lobby_refused_full": "ホストに断られました：テーブルは満席です",
    "lobby_refused_bad_address": (
        "ホストに断られました：接続元からこのプレイヤーのアドレスを作れません"
    ),
    "lobby_refused_too_many_waiting": (
        "ホストに断られました：ホストの承認を待つプレイヤーが多すぎます。後でもう一度試して"
        "ください"
    ),
    "lobby_refused_unreadable": "ホストに断られました：このクライアントが送ったものを読めません",
    "lobby_refused_unexpected": "ホストに断られました：参加者はそのメッセージを送りません",
    "lobby_refused_no_terms": "ホストに断られました：署名するゲームはまだありません",
    "lobby_refused_not_seated": "ホストに断られました：このテーブルにあなたの席はありません",
    "lobby_refused_starting": "ホストに断られました：ゲームが始まるところです",
    "lobby_refused_bad_endorsement": "ホストに断られました：あなたのゲームへの署名を検証できません",
    "lobby_refused_not_admitted": "ホストはあなたのテーブルへの参加を認めませんでした",
    "lobby_refused_removed": "ホストがあなたをテーブルから外しました",
    "lobby_refused_started_without_you": "あなた抜きでゲームが始まりました",
    "lobby_refused_called_off_left": "開始を取りやめました：あなたがロビーを出ました",
    "lobby_refused_called_off_gone": "開始を取りやめました：ホストとあなたの連絡が途絶えました",
    "lobby_refused_called_off_late": "開始を取りやめました：あなたが時間内に署名しませんでした",
    "lobby_refused_other_game": (
        "ホストに断られました：このテーブルは{theirs}のテーブルです（{game}ではありません）"
    ),
    "lobby_refused_illegal_deck": "ホストにデッキを断られました：{rule}",
    # テーブルのゲーム（protocol.game_name.GameName）と巫师牌の構築ルール（sorcery.decks.DeckRule）
    "game_name_wizard": "ウィザード",
    "game_name_sorcery": "巫师牌",
    "game_name_other": "別のゲーム",
    "deck_illegal": "このデッキは使えません：{rule}",
    "deck_no_card": "なし",
    "deck_rule_one_hero": "英雄カードはちょうど 1 枚です。このデッキは {count} 枚（{card}）",
    "deck_rule_main_size": (
        "メインデッキはクリーチャーとアイテムちょうど 30 枚です。このデッキは {count} 枚"
    ),
    "deck_rule_skill_pool_size": "スキルプールはスキルちょうど 10 枚です。このデッキは {count} 枚",
    "deck_rule_legendary_once": "{card}は伝説カードで、1 枚までです。このデッキは {count} 枚",
    "deck_rule_skill_once": "{card}はスキルで、1 枚までです。このデッキは {count} 枚",
    "deck_rule_at_most_twice": "{card}は 2 枚までです。このデッキは {count} 枚",
    "deck_rule_unknown_card": (
        "ホストのカードファイルにカード {card} がありません。両者に同じカードファイルが必要です"
    ),
    "deck_rule_unknown": "このプログラムの知らない構築ルール",
    # The watch gate's own refusals, by their kind (protocol.lobby_schema.GateRefusalKind).
    "gate_refused_begun": (
        "ホストに断られました：ゲームはもう始まっています。観戦を希望してください"
    ),
    "gate_refused_player_key": "ホストに断られました：このゲームのプレイヤーは観戦できません",
    "gate_refused_not_let_watch": "ホストはあなたの観戦を認めませんでした",
    "gate_refused_no_watchers": "ホストに断られました：このホストは観戦者を受け入れません",
    "gate_refused_watchers_full": (
        "ホストに断られました：観戦者は満員です。後でもう一度試してください"
    ),
    "gate_refused_too_many_asking": (
        "ホストに断られました：観戦の受け入れを待つ人が多すぎます。後でもう一度試してください"
    ),
    "gate_refused_not_watching": (
        "ホストはもうあなたを観戦者として扱っていません：もう一度希望してください"
    ),
    "gate_bye_game_over": "ゲームは終わりました",
    "watch_ended_other_game": "ホストの受付は別のゲームになっています",
    "watch_ended_players_gone": "{seconds} 秒間どのプレイヤーからも連絡がありません",
    "gate_news_asks": "観戦：{name} が観戦を希望しています",
    "gate_news_watches": "観戦：{name} が観戦しています",
    "gate_news_refused": "観戦：{name} の観戦を断りました",
    "gate_news_left": "観戦：{name} が観戦をやめました",
    "gate_news_gone": "観戦：{name} との連絡が途絶えました",
    "gate_not_reopened": "観戦者を受け入れられません：ロビーのポート {port} をもう一度開けません",
    "again_none": "このテーブルで次のゲームはありません：{why}",
    "resume_headless": "ゲーム {id} を席 {n} で再開します（記録 {lines} 行）",
    "host_wait_one_by_one": "ホストはプレイヤーを一人ずつ受け入れます",
    "host_wait_not_begun": "ゲームはまだ始まっていません",
    "host_wait_host_decides": "観戦できるかはホストが決めます",
    "watch_entry_elsewhere": "別の行の有効な記録",
    # A headless watcher's lines (commands.watch.HeadlessProgress).
    "watch_headless_asking": "{address} に {name}（{fingerprint}）の観戦を希望しています…",
    "watch_headless_admitted": "観戦を受け入れられました：ゲームを追っています",
    "watch_never_dealt": "カードが一度も配られませんでした：表示するテーブルはありません",
    "watch_headless_seat": "席 {n}（{name}）",
    "watch_headless_no_seat": "不明な席",
    "watch_headless_cheated": "{who} が不正をしました：{detail}",
    "watch_headless_cheated_in": (
        "{who} が不正をしました：{detail}。証拠は {path} に保存されています"
    ),
    "watch_headless_trick": "第{round}ラウンド トリック{trick}：{cards} → {winner}",
    "watch_headless_round": "第{round}ラウンドの得点：{scores}",
    "watch_headless_verified": "ゲーム終了：検証済み、記録は {lines} 行",
    "watch_headless_stopped": "観戦をやめました：{lines} 行目まで検証済み",
    "watch_headless_stopped_why": "観戦をやめました（{why}）：{lines} 行目まで検証済み",
    # A joiner's own endings of the lobby (node.lobby_join_machine.Ended's ``said``).
    "lobby_ended_unreadable": "ホストからこのプログラムが読めないものが届きました",
    "lobby_ended_host_gone": (
        "ホストがいなくなりました：{address} から {seconds} 秒間何も届いていません"
    ),
    "lobby_ended_host_left": "ホストがロビーを出ました",
    "lobby_ended_other_version": (
        "ホストのテーブルは別のバージョンの wizard-p2p です（このプログラムは {ours}）。"
        "全員が同じバージョンを使う必要があります"
    ),
    "lobby_ended_bad_terms": "ホストの条件は、参加したときのとおりにあなたを座らせていません",
    "lobby_ended_wrong_code": (
        "{address} のロビーに断られました：招待コード {code} を確かめてください"
        "（ゲームが始まるとロビーも閉じます）"
    ),
    "lobby_ended_no_answer": "{address} で応答するウィザードのロビーはありません",
    "lobby_ended_endorsement_lost": "ホストがあなたの署名を受け取りませんでした",
    # 巫师牌's console at a networked table (tui.sorcery_app, commands.sorcery_console_seat).
    "sorcery_search_not_now": "今はデッキを探すことができません。",
    "sorcery_search_none": "取らない（デッキはシャッフルされる）",
    "sorcery_seat_stopped": "テーブルが止まりました：{detail}",
    "sorcery_seat_waiting_start": "テーブルの配札を待っています…",
    # 巫师牌's replay (tui.sorcery_replay, commands.sorcery_replay).
    "sorcery_replay_no_move": "記録に手はありません。",
    "sorcery_replay_step": "{total} 手中 {n} 手目（記録の {line} 行目）",
    "sorcery_replay_keys": "→/n 次へ · ←/p 前へ · Home/End 最初/最後 · q 終了",
    "sorcery_replay_fault": "記録は {line} 行目で止まります：{why}",
    "sorcery_replay_won": "{name}（席 {n}）の勝ち。{why}",
    "sorcery_replay_draw": "引き分け。{why}",
    "sorcery_replay_not_sorcery": "巫师牌のゲームではありません",
    "error_sorcery_replay_export": (
        "--export が書き出すのはウィザードのゲームです。巫师牌のゲームは端末でリプレイします"
    ),
    "error_sorcery_replay_terminal": "巫师牌のリプレイには端末が必要です",
    # 巫师牌's seat again after a crash: `sorcery resume`
    "sorcery_resume_no_deck": (
        "ゲーム {id} には巫师牌のデッキが保存さ"
        "れていません。巫师牌の席として再開できません"
    ),
    "file_what_kept_deck": "保存されたデッキ",
    "sorcery_resume_bad_deck": "ゲーム {id} に保存されたデッキが壊れています。再開できません",
    "sorcery_resume_other_game": (
        "ゲーム {id} は巫师牌のゲームではあ"
        "りません。再開するには：{command}"
    ),
    "resume_sorcery_game": "ゲーム {id} は巫师牌のゲームです。再開するには：{command}",
    # A watcher of a 巫师牌 table: `sorcery watch`
    "error_heard_other_game": (
        "このネットワークで見つかった唯一のテーブルは{game}のテーブルで、このコマンドのゲーム"
        "ではありません。ホストにアドレスを聞いてください：{example}"
    ),
    "sorcery_watch_turn": "第{turn}ターン：{name}。",
    "watch_other_game": "そのテーブルは{game}のテーブルです。観戦するには：{command}",
    # 巫师牌の盤（ネットワーク対戦）：相手がゲームを止めている
    "sorcery_stall_countdown": "{name} がゲームを止めています：あと {left} 秒で終了できます",
    "sorcery_stall_may_end": "{name} がゲームを止めています：e で今終了できます",
    "sorcery_keys_stalled": "e ゲーム終了  v カード  ? ヘルプ  q 退出",
    "sorcery_end_stalled": "ゲームは終了しました：{name} の応答がありません。",
    "sorcery_end_faulted": "ゲームは中止されました：{detail}",
    # 巫师牌's board on a seat that needs a terminal (`sorcery host`/`join`/`resume`)
    "sorcery_console_no_terminal": (
        "コンソールはキーを読むために端末が必要です。端末で実行するか、--headless を付けて"
        "この席をボットに遊ばせてください"
    ),
    # 巫师牌's watcher screen at a live table: `sorcery watch`
    "sorcery_watch_live": "ライブ観戦中：どの手も検証済み、伏せたカードは表示しません。",
    "sorcery_watch_over": "ゲームは終わりました。",
    "sorcery_watch_keys": "q 終了",
}
