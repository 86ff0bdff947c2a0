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
    "lobby_variant_keys": "1〜{n}：バリアントの入／切",
    "lobby_not_host": "ゲームを開始できるのはホストだけです。",
    "lobby_waiting_players": "プレイヤーを待っています（{done}/{total}）",
    "lobby_connecting": "{detail} に接続中",
    "lobby_signing": "テーブルに署名中（{done}/{total}）",
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
    "watch_verified": "位置 {n} まで検証済み",
    "watch_refused_entry": "{name} から届いた位置 {n} の記録を拒否：{detail}",
    "watch_round_checked": "第{n}ラウンドを照合済み",
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
    "end_cheating": "ゲーム終了：不正を検出：席 {seat}（{name}）、記録の {line} 行目：{detail}",
    "end_cheating_unknown": "ゲーム終了：不正を検出：{detail}",
    "end_stalled": "ゲーム終了：{name}（席 {seat}）が制限時間を超えてゲームを止めました",
    "end_left_resumable": "ゲームを抜けました。再開するには：",
    "end_left": "ゲームを抜けました",
    "end_practice_over": "練習ゲームは終わりました",
    "end_log": "記録：",
    "end_check": "検証するには：",
    "end_lobby_left": "ロビーを出ました。ゲームは始まっていません",
    "end_seats_logs": "全席の記録：",
    "end_offline_no_log": (
        "オフラインのゲームは記録を残しません。"
        "検証できる署名付きの記録には --offline なしで遊んでください"
    ),
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
}
