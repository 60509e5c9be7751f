#!/usr/bin/env bash
# A hostile (or broken) ranked service that answers with an endless page: `game_headless --ranked` must stop
# reading after the largest answer a service sends (a replay: 4 MiB and a little), hang up, and say that the service
# does not answer, instead of reading the page into memory for as long as it goes on. The server, a few lines of
# Python on loopback, counts what it managed to send before the client hung up.
#   hostile_service.sh GAME_HEADLESS WORK_DIR
set -u
HEADLESS=$1
WORK=$2
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 >/dev/null || { echo "SKIPPED: no python3 for the hostile service"; exit 0; }
rm -rf "$WORK" && mkdir -p "$WORK"
cat >"$WORK/server.py" <<'PY'
import socket, sys
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", 0)); s.listen(8); s.settimeout(60)
print(s.getsockname()[1], flush=True)
chunk = b"x" * 65536
for _ in range(8):  # a few requests at most (the client's Hello, perhaps a retry), each answered endlessly
    try:
        c, _ = s.accept()
    except OSError:
        break
    c.settimeout(10)
    try:
        c.recv(65536)
        c.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n")  # no length: the body ends at close
        sent = 0
        while sent < (512 << 20):
            c.sendall(chunk)
            sent += len(chunk)
    except OSError:
        pass
    print("sent", sent, flush=True)
    c.close()
PY
python3 "$WORK/server.py" >"$WORK/server.out" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 1 100); do [ -s "$WORK/server.out" ] && break; sleep 0.1; done
port=$(head -n 1 "$WORK/server.out")
[ -n "$port" ] || fail "the hostile service did not start"
XDG_DATA_HOME="$WORK/xdg" timeout -k 5 60 "$HEADLESS" --ranked "127.0.0.1:$port" --wait 2 >"$WORK/client.out" 2>&1
rc=$?
[ "$rc" -ne 124 ] && [ "$rc" -ne 137 ] || fail "game_headless --ranked did not end within 60 s"
grep -q "the service does not answer" "$WORK/client.out" || fail "no 'does not answer' (exit $rc): $(cat "$WORK/client.out")"
# The server says what it sent once its next write fails after the hang-up: wait for that line (at most 10 s).
for _ in $(seq 1 100); do grep -q '^sent ' "$WORK/server.out" && break; sleep 0.1; done
most=$(sed -n 's/^sent \([0-9]*\)$/\1/p' "$WORK/server.out" | sort -n | tail -n 1)
[ -n "$most" ] || fail "the service never got to send (server: $(cat "$WORK/server.out"))"
# 4 MiB + 1 MiB read, plus what the two sockets' buffers hold (a few MiB on loopback): far under 64 MiB.
[ "$most" -lt $((64 << 20)) ] || fail "the client read $most bytes of an endless answer before it hung up"
echo "ok: the client hung up after $most bytes of an endless answer and said the service does not answer"
