#!/usr/bin/env bash
# bvh_matchd as a real process on loopback, with two real `game_headless --ranked` peers: they queue, are paired,
# play the match through the service's embedded lobby (Ann walks in and attacks, Bob stands), send their signed
# recordings, and the service's verified result shows in /history, /leaderboard, the JSON the leaderboard page reads
# and /replay; with Chromium, the leaderboard page lists both players and links the match to the viewer, and (when
# the viewer was built: WEBDIR/bvh_fighter.wasm) the viewer opens the replay from the service by that link.
# Then the service's refusals (a malformed request: 400; a flood from one address: 429) and SIGTERM. Before the match,
# its start-up refusals and a full stdout (said, served on, exit 2).
# Every wait is bounded and waits on a state (a line, an exit), never on a number of seconds.
# Usage: matchd.sh BVH_MATCHD GAME_HEADLESS WORKDIR [WEBDIR]
set -u
MATCHD="$1" HEADLESS="$2" WORK="$3" WEBDIR="${4:-$3/no-built-viewer}"
rm -rf "$WORK" && mkdir -p "$WORK/ann" "$WORK/bob" "$WORK/tmp" "$WORK/no-built-viewer" || exit 1
command -v curl >/dev/null || { echo "MATCHD TEST SKIPPED: curl is not installed"; exit 0; }
pids=()
cleanup() { for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null; done; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; for f in "$WORK"/matchd.out "$WORK"/ann/out "$WORK"/bob/out; do echo "== $f"; tail -n 30 "$f"; done; exit 1; }
# listen_port PID: the TCP port PID listens on, read from /proc (its sockets' inodes in /proc/net/tcp)
listen_port() {
    local inode hexport
    for inode in $(ls -l "/proc/$1/fd" 2>/dev/null | sed -n 's/.*socket:\[\([0-9]*\)\]$/\1/p'); do
        hexport=$(awk -v i="$inode" '$10 == i && $4 == "0A" { sub(/.*:/, "", $2); print $2 }' /proc/net/tcp)
        [ -n "$hexport" ] && { echo $((16#$hexport)); return 0; }
    done
    return 1
}
# wait_for FILE PATTERN: until a line matches (at most 600 looks, 0.1 s apart)
wait_for() { for _ in $(seq 600); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done; return 1; }

# --help: the usage on stdout, exit 0, and no service started (no database written).
help="$("$MATCHD" --help --db "$WORK/help.db")" || fail "bvh_matchd --help exited $?, not 0"
echo "$help" | head -n 1 | grep -q "^usage: bvh_matchd " || fail "bvh_matchd --help printed no usage: $help"
[ ! -e "$WORK/help.db" ] || fail "bvh_matchd --help opened a database"
# --help into a full stdout: said, exit 2 (as every program of the project), not a silent success.
"$MATCHD" --help >/dev/full 2>"$WORK/help.err"; rc=$?
[ "$rc" = 2 ] && grep -qx "bvh_matchd: cannot write the output (stdout): No space left on device" "$WORK/help.err" ||
    fail "bvh_matchd --help >/dev/full: exit $rc: $(cat "$WORK/help.err")"
help="$("$HEADLESS" --ranked 127.0.0.1:1 --help)" || fail "game_headless --ranked --help exited $?, not 0"
grep -q "^usage: game_headless --ranked HOST:PORT" <<<"$help" || fail "game_headless --ranked --help: $help"
# A --web that is no folder, a folder where the regions file should be, a store it cannot open: named in one line
# (no usage), exit 1, no service started. A wrong flag: the usage, exit 2.
out="$("$MATCHD" --port 0 --db "$WORK/bad.db" --web "$WORK/no-such-web" 2>&1)"; rc=$?
[ "$rc" = 1 ] && grep -q -- "--web $WORK/no-such-web: not a folder" <<<"$out" || fail "--web to no folder: exit $rc: $out"
out="$("$MATCHD" --port 0 --db "$WORK/bad.db" --regions "$WORK" 2>&1)"; rc=$?
[ "$rc" = 1 ] && grep -q -- "$WORK: is a directory" <<<"$out" || fail "--regions naming a folder: exit $rc: $out"
printf 'region a 5\nprefix 1.2.3.0/24 a\nregion b 5\nprefix 1.2.3.0/24 b\n' >"$WORK/twice.cfg"
out="$("$MATCHD" --port 0 --db "$WORK/bad.db" --regions "$WORK/twice.cfg" 2>&1)"; rc=$?
[ "$rc" = 1 ] && grep -qx -- "bvh_matchd: $WORK/twice.cfg:4: prefix 1.2.3.0/24 already belongs to region a (line 2)" <<<"$out" ||
    fail "a prefix in two regions: exit $rc: $out"
[ ! -e "$WORK/bad.db" ] || fail "a bad --web or region file left a database behind"
# A --db in a folder that does not exist, or naming a folder: the database path named with what is wrong, and
# nothing created beside it (no lock file).
out="$("$MATCHD" --port 0 --db "$WORK/no-such-folder/r.db" 2>&1)"; rc=$?
[ "$rc" = 1 ] && grep -qx -- "bvh_matchd: --db $WORK/no-such-folder/r.db: the folder $WORK/no-such-folder does not exist" \
    <<<"$out" && ! grep -q "^usage:" <<<"$out" || fail "--db in a missing folder: exit $rc: $out"
mkdir -p "$WORK/db-folder"
out="$("$MATCHD" --port 0 --db "$WORK/db-folder" 2>&1)"; rc=$?
[ "$rc" = 1 ] && grep -q -- "^bvh_matchd: --db $WORK/db-folder: is a folder, not a database file" <<<"$out" &&
    [ ! -e "$WORK/db-folder.lock" ] && [ -z "$(ls -A "$WORK/db-folder")" ] || fail "--db naming a folder: exit $rc: $out"
# Another program's SQLite database: refused before anything is made beside it (no lock file) or changed in it.
if command -v sqlite3 >/dev/null; then
    sqlite3 "$WORK/f1.db" "create table players(id integer primary key, nick text); create table notes(x)"
    out="$("$MATCHD" --port 0 --db "$WORK/f1.db" 2>&1)"; rc=$?
    [ "$rc" = 1 ] && grep -qx -- "bvh_matchd: $WORK/f1.db: not a bvh_matchd store (it has tables players, notes; give a new file or one bvh_matchd made)" \
        <<<"$out" && [ ! -e "$WORK/f1.db.lock" ] && [ "$(sqlite3 "$WORK/f1.db" "pragma journal_mode")" = delete ] ||
        fail "another program's database: exit $rc: $out"
else
    echo "note: no sqlite3: another program's database is checked by the store's test only"
fi
out="$("$MATCHD" --port 0 --db "$WORK/bad.db" --no-such-flag 2>&1)"; rc=$?
[ "$rc" = 2 ] && grep -q "^usage: bvh_matchd " <<<"$out" || fail "a wrong flag: exit $rc: $out"
# --db and --postgres are either/or: both is a flag error, and neither store is opened.
out="$("$MATCHD" --port 0 --db "$WORK/both.db" --postgres "host=127.0.0.1 dbname=none" 2>&1)"; rc=$?
[ "$rc" = 2 ] && grep -qx "bvh_matchd: give one of --db PATH and --postgres CONNINFO" <<<"$out" &&
    grep -q "^usage: bvh_matchd " <<<"$out" && [ ! -e "$WORK/both.db" ] || fail "--db with --postgres: exit $rc: $out"

# A service whose stdout is full: its status line lost is said on stderr once, at once; it goes on serving (its
# players need no stdout), and its exit status says it at the end (2).
"$MATCHD" --port 0 --db "$WORK/full-stdout.db" >/dev/full 2>"$WORK/full-stdout.err" &
pids+=($!); FULL_PID=$!
wait_for "$WORK/full-stdout.err" "cannot write the output" || fail "a lost status line was not said: $(cat "$WORK/full-stdout.err")"
grep -qx "bvh_matchd: cannot write the output (stdout): No space left on device" "$WORK/full-stdout.err" ||
    fail "a lost status line: $(cat "$WORK/full-stdout.err")"
FULL_PORT=$(listen_port "$FULL_PID") || fail "the service with a full stdout listens on no TCP port"
code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 8 "http://127.0.0.1:$FULL_PORT/leaderboard")
[ "$code" = 200 ] || fail "the service with a full stdout does not serve: HTTP $code"
kill -TERM "$FULL_PID"
wait "$FULL_PID"; rc=$?
[ "$rc" = 2 ] && [ "$(grep -c "cannot write the output" "$WORK/full-stdout.err")" = 1 ] ||
    fail "a service whose stdout was full: exit $rc: $(cat "$WORK/full-stdout.err")"

"$MATCHD" --port 0 --db "$WORK/ranked.db" --web "$WEBDIR" >"$WORK/matchd.out" 2>&1 &
pids+=($!); MATCHD_PID=$!
wait_for "$WORK/matchd.out" "bvh_matchd on HTTP port" || fail "the service did not start"
PORT=$(sed -n 's/^bvh_matchd on HTTP port \([0-9]*\),.*/\1/p' "$WORK/matchd.out")
URL="http://127.0.0.1:$PORT"
# A second service on the same SQLite file would split the queue in two: refused in one line, exit 1.
out="$(timeout -k 5 30 "$MATCHD" --port 0 --db "$WORK/ranked.db" 2>&1)"; rc=$?
[ "$rc" = 1 ] && grep -q "ranked.db is in use by another bvh_matchd" <<<"$out" || fail "a second service on one file: exit $rc: $out"
# Nor through another name of the file: a symbolic link (same lock file once the link is resolved) or a hard link
# (the flock on the database itself).
ln -s "$WORK/ranked.db" "$WORK/alias.db" && ln "$WORK/ranked.db" "$WORK/hard.db" || fail "cannot link the database"
for name in alias hard; do
    out="$(timeout -k 5 30 "$MATCHD" --port 0 --db "$WORK/$name.db" 2>&1)"; rc=$?
    [ "$rc" = 1 ] && grep -q "$name.db is in use by another bvh_matchd" <<<"$out" ||
        fail "a second service on the database through $name.db: exit $rc: $out"
done
# A slow sender cannot take the service: 80 connections that trickle a request's header lines for 10 s (more than
# the service's 64 threads) and a player's request still gets its answer (the guard shuts down what one address
# holds beyond 16). Without the guard the request waits behind them until curl gives up.
slow=()
for _ in $(seq 1 80); do
    exec {fd}<>"/dev/tcp/127.0.0.1/$PORT" && printf 'GET /api/leaderboard HTTP/1.1\r\n' >&"$fd" && slow+=("$fd")
done
(for _ in $(seq 1 20); do sleep 0.5; for fd in "${slow[@]}"; do printf 'X-a: b\r\n' >&"$fd" 2>/dev/null; done; done) &
trickle=$!
code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 8 "$URL/api/leaderboard")
kill "$trickle" 2>/dev/null; wait "$trickle" 2>/dev/null
for fd in "${slow[@]}"; do exec {fd}>&-; done
[ "$code" = 200 ] || fail "a request among 80 slow connections from one address: HTTP $code"
# A body larger than the service takes is refused by its Content-Length, answered at once and the connection closed
# (cpp-httplib alone answered only after reading that many bytes, or after 5 s without one); a length that is not a
# number is refused as malformed.
for length in 99999999999999999999:413 4198401:413 -1:400; do
    exec {big}<>"/dev/tcp/127.0.0.1/$PORT"
    printf 'POST /request HTTP/1.1\r\nHost: x\r\nContent-Length: %s\r\n\r\n' "${length%:*}" >&"$big"
    answer="$(timeout 3 cat <&"$big")"; rc=$?
    exec {big}>&-
    [ "$rc" = 0 ] && head -n 1 <<<"$answer" | grep -q "^HTTP/1.1 ${length#*:} " ||
        fail "a POST with Content-Length ${length%:*}: $([ "$rc" = 124 ] && echo "no answer within 3 s" || echo "$answer")"
done
# Nor may a second service share its HTTP port (cpp-httplib's default SO_REUSEPORT would split the requests), or its
# lobby's UDP port; either is refused before the store is opened: no database and no lock file made.
out="$(timeout -k 5 30 "$MATCHD" --port "$PORT" --lobby-port 0 --db "$WORK/other.db" 2>&1)"; rc=$?
[ "$rc" = 1 ] && grep -q "cannot listen on TCP port $PORT (in use" <<<"$out" || fail "a second service on port $PORT: exit $rc: $out"
out="$(timeout -k 5 30 "$MATCHD" --port 0 --lobby-port "$PORT" --db "$WORK/other.db" 2>&1)"; rc=$?
[ "$rc" = 1 ] && grep -qx "bvh_matchd: cannot use UDP port $PORT (in use, or not allowed)" <<<"$out" || fail "a second lobby on UDP port $PORT: exit $rc: $out"
[ ! -e "$WORK/other.db" ] && [ ! -e "$WORK/other.db.lock" ] || fail "a port in use left $(ls "$WORK" | grep other)"

XDG_DATA_HOME="$WORK/ann" TMPDIR="$WORK/tmp" BVH_PLAYER_NAME=Ann "$HEADLESS" --ranked "127.0.0.1:$PORT" --fighter ryo --play attack \
    --dir "$WORK/ann" --wait 60 >"$WORK/ann/out" 2>&1 &
ANN=$!; pids+=($ANN)
XDG_DATA_HOME="$WORK/bob" TMPDIR="$WORK/tmp" BVH_PLAYER_NAME=Bob "$HEADLESS" --ranked "127.0.0.1:$PORT" --fighter brick --play idle \
    --dir "$WORK/bob" --wait 60 >"$WORK/bob/out" 2>&1 &
BOB=$!; pids+=($BOB)
wait "$ANN"; ann_rc=$?
wait "$BOB"; bob_rc=$?
[ "$ann_rc" = 0 ] && [ "$bob_rc" = 0 ] || fail "the peers exited $ann_rc and $bob_rc, not 0"
MATCH=$(sed -n 's/^match \([0-9]*\) ranked:.*/\1/p' "$WORK/ann/out")
[ -n "$MATCH" ] && grep -q "^match $MATCH ranked:" "$WORK/bob/out" || fail "the two peers were not given one match"
grep -q "^room code: " "$WORK/ann/out" "$WORK/bob/out" || fail "nobody hosted a lobby room"
# Each measured its round trip to the service, and was told whom it was found with and how far (loopback: ~0 ms).
grep -q "^queued for a ranked match (round trip to the service [0-9]* ms)" "$WORK/ann/out" || fail "Ann measured no round trip"
grep -q "^match $MATCH ranked:.*; found Bob (1500), about [0-9]* ms" "$WORK/ann/out" || fail "Ann was not told she found Bob"
for who in ann bob; do
    grep -q "^log sent for match $MATCH" "$WORK/$who/out" || fail "$who sent no log"
    grep -q "^decided: match $MATCH verified, winner " "$WORK/$who/out" || fail "$who saw no verified decision"
done
# The input scripts the peers played went to scratch folders under TMPDIR, removed after the match.
[ -z "$(ls -A "$WORK/tmp")" ] || fail "scratch files left behind: $(ls -AR "$WORK/tmp")"
ls "$WORK/ann" "$WORK/bob" | grep -q -- "-inputs.freplay" && fail "an input script was left in --dir"
# Ann attacked a standing opponent: she won and gained rating, Bob lost some.
grep -q "^decided: .*rating change +" "$WORK/ann/out" || fail "Ann did not gain rating"
grep -q "^decided: .*rating change -" "$WORK/bob/out" || fail "Bob did not lose rating"

board=$(curl -s "$URL/leaderboard")
echo "$board" | head -n 1 | grep -q "^1 .* 1 provisional Ann$" || fail "Ann is not first on the leaderboard: $board"
echo "$board" | sed -n 2p | grep -q "^2 .* 1 provisional Bob$" || fail "Bob is not second on the leaderboard: $board"
json=$(curl -s "$URL/api/leaderboard")
ANN_KEY=$(echo "$json" | sed -n 's/.*"key":"\([0-9a-f]*\)","code":"[^"]*","name":"Ann".*/\1/p')
[ ${#ANN_KEY} = 64 ] || fail "no key for Ann in /api/leaderboard: $json"
curl -s "$URL/history/$ANN_KEY" | grep -q "^$MATCH verified " || fail "the match is not verified in Ann's /history"
hist=$(curl -s "$URL/api/history/$ANN_KEY")
grep -q "\"id\":\"$MATCH\",\"state\":\"verified\"" <<<"$hist" || fail "no match in the history JSON: $hist"
grep -Eq '"players":\[("Ann","Bob"|"Bob","Ann")\]' <<<"$hist" || fail "the history JSON does not name both players: $hist"
curl -s "$URL/replay/$MATCH.freplay" | head -n 1 | grep -qx "fightreplay 2" || fail "/replay/$MATCH.freplay is not a recording"
curl -s "$URL/leaderboard.html" | grep -q 'src="leaderboard.js"' || fail "the leaderboard page is not served"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$URL/replay/12345")" = 404 ] || fail "an unknown replay is not 404"

# The pages in headless Chromium (about 1.5 CPU-seconds for both), when it is installed.
page() { timeout -k 5 60 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync --virtual-time-budget=10000 \
    --dump-dom "$1" 2>/dev/null; }
if command -v chromium >/dev/null; then
    dom=$(page "$URL/leaderboard.html")
    echo "$dom" | grep -q '<td>1</td><td class="provisional">Ann</td>' || fail "the page does not list Ann first: $dom"
    link="index.html?replay=%2Freplay%2F$MATCH.freplay"
    echo "$dom" | grep -q "<a href=\"$link\">watch</a>" || fail "the page does not link the match to the viewer: $dom"
    if [ -f "$WEBDIR/bvh_fighter.wasm" ]; then
        page "$URL/$link" | grep -q "<span id=\"status\">$MATCH.freplay: [0-9]* frames re-simulated</span>" ||
            fail "the viewer did not open the match's replay from the service"
    else
        echo "note: the viewer is not built ($WEBDIR/bvh_fighter.wasm): its opening of the replay is not checked"
    fi
else
    echo "note: no chromium: the leaderboard page is checked as served HTML only"
fi

code=$(curl -s -o "$WORK/bad.out" -w '%{http_code}' --data-binary 'hello' "$URL/request")
[ "$code" = 400 ] && grep -q "^refused request:1: expected \`bvh-ranked-request 1\`" "$WORK/bad.out" ||
    fail "a malformed request got $code: $(cat "$WORK/bad.out")"
# A flood from one address: 200 requests from one curl (a few ms each, far above the 20 a second allowed) spend the
# burst of 40; the rest are refused with 429.
flood=$(curl -s -w '\ncode %{http_code}\n' $(printf "$URL/leaderboard %.0s" $(seq 200)))
echo "$flood" | grep -q "^code 429$" && echo "$flood" | grep -q "^refused too many requests from your address" ||
    fail "no 429 in a flood of 200 requests: $(echo "$flood" | grep -c '^code 200$') answered 200"

kill -TERM "$MATCHD_PID"
wait "$MATCHD_PID"; rc=$?
[ "$rc" = 0 ] && grep -q "^bvh_matchd stopped" "$WORK/matchd.out" || fail "SIGTERM: exit $rc"
echo "PASS: match $MATCH verified (Ann won), shown in /history, /leaderboard and /replay; 400, 429 and SIGTERM as expected"
