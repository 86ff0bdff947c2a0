"""The command line's help in 日本語 (see ``catalogue_help_en``), in the seeds' terms."""

from __future__ import annotations

HELP_JA: dict[str, str] = {
    "cli_usage": "使い方：",
    "cli_positionals": "位置引数",
    "cli_options": "オプション",
    "cli_section": "{title}：",
    "cli_help": "このヘルプを表示して終了します",
    "cli_error": "%(prog)s：エラー：%(message)s\n",
    "cli_error_argument": "引数 %(argument_name)s：%(message)s",
    "cli_error_required": "次の引数が必要です：%s",
    "cli_error_one_required": "引数 %s のどれか一つが必要です",
    "cli_error_unrecognized": "認識できない引数です：%s",
    "cli_error_ambiguous": "あいまいなオプションです：%(option)s は %(matches)s のどれとも取れます",
    "cli_error_invalid_value": "%(type)s として無効な値です：%(value)r",
    "cli_error_invalid_choice": "無効な選択です：%(value)r（選べるのは %(choices)s）",
    "cli_error_unknown_command": "不明なコマンドです：%(parser_name)r（選べるのは %(choices)s）",
    "cli_error_not_allowed_with": "引数 %s と一緒には使えません",
    "cli_error_ignored_value": "余分な値です：%r",
    "cli_error_expected_one": "値が一つ必要です",
    "cli_error_expected_at_most_one": "値は一つまでです",
    "cli_error_expected_at_least_one": "値が一つ以上必要です",
    "cli_error_expected_n": "値が %s 個必要です",
    "cli_error_expected_n_plural": "値が %s 個必要です",
    "cli_description": "LAN で遊ぶカードゲーム「ウィザード」。サーバーは不要です。",
    "cli_version": "バージョンと使うプロトコルを表示します（全員が同じものを使う必要があります）",
    "cmd_play": (
        "このマシンのボットと対戦します（ボットは"
        "それぞれ別プロセスで、ループバックで接続）"
    ),
    "desc_play": (
        "この端末で、このマシンのボットを相手に一ゲーム遊びます。ボットはそれぞれループバック"
        "で接続する別プロセスです。ゲームは LAN のゲームと同じように署名され記録されます。"
    ),
    "cmd_host": "このマシンでロビーを開き、ゲームをホストします",
    "desc_host": (
        "このマシンでロビーを開きます。ほかのプレイヤーが参加に使うアドレスと招待コードを表示"
        "し、ロビーをローカルネットワークに告知します（アドレスなしでも見つけられるように）。"
        "全員が席に着いたら、あなたがゲームを始めます。"
    ),
    "cmd_join": (
        "HOST:PORT でホストされたゲーム、または"
        "ローカルネットワークで見つけたゲームに参加します"
    ),
    "desc_join": (
        "ほかのプレイヤーがホストするロビーに、ホストの画面に出ているアドレスと招待コードで"
        "参加します。アドレスがなければ、ローカルネットワークに告知されたロビーから選びます。"
    ),
    "cmd_bot": "HOST:PORT のゲームにボットとして参加します",
    "desc_bot": (
        "HOST:PORT でホストされたゲームにボットを座らせます。コンソールなしで遊び、進行を表示"
        "します。アドレスがなければ、ローカルネットワークに告知された唯一のロビーに参加します。"
    ),
    "cmd_watch": (
        "HOST:PORT のゲーム、またはローカルネ"
        "ットワークで見つけたゲームを席なしで観戦します"
    ),
    "desc_watch": (
        "ホストに受け入れられたら、ゲームをリアルタイムで観戦します。テーブル、バリアントに"
        "応じた予想、トリック、スコアパッドを表示し、手札は決して表示しません。記録は届くたびに"
        "audit と同じように検証されます。プレイヤーには誰が観戦しているかが見えます。"
    ),
    "cmd_resume": "クラッシュや終了のあとでゲームに戻ります",
    "desc_resume": (
        "このプレイヤーが抜けた、または接続が切れたゲームに戻ります。戻るか、停滞の制限時間で"
        "ゲームが終わるまで、ほかのプレイヤーは席を空けておきます。"
    ),
    "cmd_audit": "ゲームの記録をオフラインで検証し、スコアパッドを表示します",
    "desc_audit": (
        "ゲームの記録の署名、シャッフル、予想、カード、得点をすべてオフラインで確かめ、スコア"
        "パッドを表示します。終了コードは 0 が検証済み、1 が不正あり、2 が読めない記録です。"
        "同じゲームの複数のコピー（各席の記録）を渡すと、一致するか、どこで分岐したか、どの"
        "結末が有効かを、それを証明する署名とともに示します。"
    ),
    "cmd_replay": "終わったゲームをコンソールで一歩ずつ再生します（全員の手札を表示）",
    "desc_replay": (
        "ゲームの記録をトリックごとに再生し、全員の手札、切り札、予想、各トリックの勝者とその"
        "理由、スコアパッドを表示しながら記録を検証します（不正のある記録はそこまで再生）。"
        "キー：右/左 次/前のトリック、下/上 次/前のラウンド、ラウンド番号と Enter で移動、"
        "s スコアパッド、キー ? でヘルプ、q 終了。巫师牌の記録（開始で見分けます）は"
        "観戦者が見たとおり一手ずつ再生し、--cards のカードファイルか取り込んだものを使って"
        "読みます。"
    ),
    "cmd_history": "データフォルダーに保存されたゲームを一覧表示、または一つを表示します",
    "desc_history": (
        "データフォルダーに保存されたゲームを一覧表示します。日時、プレイヤー、バリアント、"
        "勝者、終わり方、記録が検証できるか、同じテーブルで続けて遊んだシリーズごとの順位。"
        "GAME（ID またはその先頭の数文字）を渡すと、そのゲームのスコアパッドと、audit で検証し"
        "replay で再生するコマンドを表示します。"
    ),
    "cmd_tournament": "ボットの戦略同士をメモリ上で対戦させます",
    "help_seats": "席の数、3..6（既定 4）",
    "help_variant": "{names}（繰り返し指定可）",
    "help_address": "ホストのアドレス、例 192.168.1.20:{port}（既定：{found}）",
    "help_found_join": "ローカルネットワークに告知されたロビーから選ぶ",
    "help_found_bot": "ローカルネットワークに告知された唯一のロビー",
    "help_found_watch": "ローカルネットワークに告知されたゲームから選ぶ",
    "help_code": "ホストの招待コード",
    "help_name": (
        "ほかのプレイヤーに見える名前（既定：あなたのユーザー名。--data-dir が既定の保存場所"
        "でないときはそのフォルダー名を添えて、例：Ana (seat2)）"
    ),
    "help_data_dir": "鍵とゲームの保存場所（既定：~/.local/share/wizard-p2p）",
    "help_listen": "待ち受けるアドレス（既定 0.0.0.0：すべて）",
    "help_mesh_port_watcher": (
        "この観戦者のネットワークのポート。プレイヤーがゲームを送る先（既定：空いている任意の"
        "ポート）"
    ),
    "help_mesh_port": (
        "プレイヤー同士のゲームのネットワークのポート（既定：ホストはロビーのポート + 1、参加者"
        "は空いている任意のポート）"
    ),
    "help_lang": "en、zh、ja（既定：ロケールから）",
    "help_headless_watcher": "コンソールなし：トリックごと、得点、拒否した記録をそれぞれ一行で表示",
    "help_policy": "ボットの遊び方：%(choices)s（既定 %(default)s）",
    "help_headless": "ボットが遊びます",
    "help_quiet": "エラー以外は何も表示しない（コンソールなしの席）",
    "help_no_bell": "自分の番が来ても端末のベルを鳴らさない（キー：m）",
    "help_stall_limit": "一つの席がゲームを止めていられる秒数（既定 120）",
    "help_trick_pause": (
        "ボットが次のトリックを始める前に待つ秒数。終わったトリックを少しのあいだ画面に残す"
        "ため（既定：あなたが play で遊ぶときのボットは 1、それ以外は 0）"
    ),
    "help_silence_limit": "ハートビートが届かず、相手を無言とみなすまでの秒数（既定 3）",
    "help_games": (
        "コンソールなしの席がこのテーブルで続けて遊ぶゲーム数の上限 N（コンソールはゲーム終了"
        "ごとにもう一ゲームを勧めます：キー n）。既定 1"
    ),
    "help_bots": "ボットのプロセス数（既定：席の数-1）",
    "help_out": (
        "各席の記録（seat-N.jsonl）と evidence.jsonl を置くフォルダー。--force なしでは既存の"
        "ファイルを上書きせず、リンク越しや FIFO には決して書きません"
    ),
    "help_force_out": "前のゲームが残したファイルを --out で置き換える",
    "help_seed": "固定の乱数シード（--offline のみ）",
    "help_offline": "メモリ上のゲーム：ネットワークも暗号も使わない",
    "help_port": "ロビーのポート（既定 {port}）",
    "help_approve": "参加者を一人ずつ受け入れる：ロビーに各人の名前と指紋を表示",
    "help_no_announce": "ロビーをローカルネットワークに告知しない（参加者にはアドレスが必要）",
    "help_admit_watchers": (
        "招待コードを持つ全員に観戦を許す（同時に 8 人まで）。指定しなければコンソールが一人"
        "ずつ尋ね、コンソールなしのホストは誰も受け入れません"
    ),
    "help_coach": (
        "ゲーム中にプレイヤーがコーチに聞けるようにする（キー c）：全員がロビーと盤面でこの"
        "条件を見て、ほかのプレイヤーとともに承認します"
    ),
    "help_save": (
        "検証済みの記録をここに書く（wizard-p2p audit 用）。--force なしでは既存のファイルを"
        "上書きしません"
    ),
    "help_force_save": "既存の記録ファイルを --save で置き換える",
    "help_resume_game": "ゲームの ID、またはゲーム終了時に表示された先頭の数文字（既定：最新）",
    "help_resume_admit": (
        "ホスト：招待コードを持つ全員にもう一度観戦を許す（同時に 8 人まで）。指定しなければ"
        "コンソールが一人ずつ尋ね、コンソールなしのホストは誰も受け入れません"
    ),
    "help_audit_log": "記録ファイル（JSON Lines）。複数なら同じゲームのコピー",
    "help_json": "レポートを JSON で表示",
    "help_replay_log": "記録ファイル（JSON Lines）",
    "help_export": (
        "代わりにゲーム全体（ラウンド、手札、予想、トリック、得点）を JSON で書く（スキーマ："
        "protocol/schemas/replay.json）。記録自体は決して上書きせず、--force なしでは既存の"
        "ファイルも上書きしません"
    ),
    "help_force_export": "既存のファイルを --export で置き換える",
    "help_history_game": "ゲームの ID、またはその先頭の数文字",
    "cmd_sorcery_host": "二人対戦の巫师牌のロビーを開く",
    "desc_sorcery_host": (
        "巫师牌のロビーを開きます。まず自分のデッキ全体を確認します。"
        "参加者のデッキは、英雄カード、エクストラデッキ、各部分の枚数"
        "だけが表示されます。"
    ),
    "cmd_sorcery_bot": "HOST:PORT の巫师牌のゲームにボットとして参加します",
    "desc_sorcery_bot": (
        "HOST:PORT でホストされた巫师牌のゲームにボットを座らせます。コンソールなしで遊び、"
        "まずデッキ全体を確かめ、最後にゲームの結果を表示します。"
    ),
    "help_sorcery_seed": "ボットの選択に使う固定シード",
    "cmd_sorcery_join": (
        "HOST:PORT の巫师牌、またはローカルネットワークで見"
        "つけた対局に参加する"
    ),
    "desc_sorcery_join": (
        "巫师牌のロビーに参加します。挨拶の前に自分のデッキ全体を確認"
        "します。ホストに見えるのは英雄カード、エクストラデッキ、各部"
        "分の枚数だけで、カードそのものは見えません。"
    ),
    "help_found_sorcery_join": "ローカルネットワークで告知されている巫师牌のロビーから選ぶ",
    "help_sorcery_deck": "自分のデッキ：デッキコードまたはスターターの名前",
    "help_sorcery_cards": "今回使うカードファイル（既定：取り込み済みのもの）",
    "cmd_sorcery": "巫师牌、ルール文書の二人対戦カードゲーム：カード、デッキ、対戦",
    "desc_sorcery": (
        "巫师牌（Sorcery TCG）。カードはゲーム自身のデータです。手元の SorceryComposer の "
        "resources/all_card_infos.json を `sorcery cards import FILE` で一度取り込んでください。"
    ),
    "cmd_sorcery_cards": "カードファイル",
    "desc_sorcery_cards": "カードファイル。",
    "cmd_sorcery_import": "カードファイルを確認してデータフォルダーにコピーする",
    "desc_sorcery_import": (
        "FILE（SorceryComposer の resources/all_card_infos.json）のすべてのカードを確認し、"
        "データフォルダーにコピーします。以後の実行はそこから読みます。"
    ),
    "help_sorcery_import_file": "手元の all_card_infos.json",
    "help_sorcery_import_data_dir": "保存場所（既定：~/.local/share/wizard-p2p）",
    "help_sorcery_data_dir": (
        "取り込んだカードファイルの保存場所（既定：~/.local/share/wizard-p2p）"
    ),
    "cmd_sorcery_deck": "デッキコード（またはスターターの名前）をルールで確認する",
    "desc_sorcery_deck": (
        "SorceryComposer が書くデッキコード（英雄 // メイン // スキル // エクストラ）、または"
        "スターターデッキの名前を、カードファイルとルールで確認します。終了コードは、0 が適正"
        "（一行の要約）、1 が不適正（各カードと破ったルール）、2 が読めないものです。"
    ),
    "help_sorcery_deck_code": "デッキコード（引用符で囲むか、いくつかの語に分けて）",
    "cmd_sorcery_starters": "スターターデッキとそのコードを一覧する",
    "desc_sorcery_starters": "スターターデッキ：それぞれの名前、元素、コード。",
    "cmd_sorcery_play": "このマシンでボットと巫师牌を遊ぶ",
    "desc_sorcery_play": (
        "この端末でボットと巫师牌を遊ぶ（--offline）か、ボット二体に一ゲームを最後まで"
        "遊ばせます（--headless）。デッキはデッキコードかスターターの名前です。"
    ),
    "help_sorcery_offline": "このマシンのメモリ内で、ボットと対戦",
    "help_sorcery_headless": "コンソールなし：ボットが両方を遊び、勝者を表示",
    "help_sorcery_play_deck": "自分のデッキ：デッキコードかスターターの名前（既定：スターター）",
    "help_sorcery_against": "ボットのデッキ：デッキコードかスターターの名前（既定：スターター）",
    "help_sorcery_play_seed": "固定の乱数シード：同じゲームをもう一度",
    "help_sorcery_out": (
        "--headless かつ --offline なし：ボット二体がループバックで一体一プロセスずつ対戦し、"
        "各席の記録を DIR/seat-N.jsonl にコピー"
    ),
    # 巫师牌's seat again after a crash: `sorcery resume`
    "cmd_sorcery_resume": "クラッシュや終了のあとで巫师牌のゲームに戻ります",
    "desc_sorcery_resume": (
        "データディレクトリ（記録、あなたの鍵、あなたのデッキ、対局に使ったカードファイル）から"
        "巫师牌のゲームの席を組み立て直し、コンソールで最後まで続けます（--headless："
        "ボットが遊びます）。戻るか、停滞の制限時間で"
        "ゲームが終わるまで、相手は席を空けておきます。"
    ),
    "help_sorcery_resume_game": (
        "ゲームの ID、またはゲーム終了時に表示され"
        "た先頭の数文字（既定：最新の巫师牌のゲーム）"
    ),
    "help_sorcery_resume_cards": (
        "ゲームを読むカードファイル（既定：その"
        "席が使ったもの、なければ取り込んだもの）"
    ),
    # A watcher of a 巫师牌 table: `sorcery watch`
    "cmd_sorcery_watch": (
        "HOST:PORT の巫师牌のゲーム、またはロ"
        "ーカルネットワークで見つけたゲームを観戦します"
    ),
    "desc_sorcery_watch": (
        "巫师牌のゲームをライブで追い、あなたのカードファイルですべての記録を検証します。"
        "見えるのは両方のプレイヤーに公開されたカードだけで、手札やデッキの順番は見えません。"
    ),
    "help_found_sorcery_watch": "ローカルネットワークで告知されている巫师牌のテーブルから選ぶ",
}
