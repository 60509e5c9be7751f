# Sourced by the relay tests: starts and stops a coturn `turnserver` of our own (Debian's coturn package) with a
# temporary configuration, and skips the test (CTest's skip code, 77) with the reason when coturn is missing or
# does not start. Every wait is bounded.
# Usage: coturn_require; coturn_start DIR IP PORT USER PASSWORD [NETNS]; ...; coturn_stop
#   the relay ports are PORT+1..PORT+200; the server runs in network namespace NETNS when given. When the server
#   exits at once (its port taken by someone else), PORT+1000 and PORT+2000 are tried; COTURN_PORT is the one used.

COTURN_PID=
COTURN_SKIP=77

coturn_require() {
    if ! command -v turnserver >/dev/null 2>&1; then
        echo "SKIP: coturn's turnserver is not installed (scripts/setup.sh installs the coturn package; apt-get install coturn)"
        exit "$COTURN_SKIP"
    fi
}

# coturn_start DIR IP PORT USER PASSWORD [NETNS]
coturn_start() {
    local try
    for try in 0 1000 2000; do
        coturn_try "$1" "$2" "$(($3 + try))" "$4" "$5" "${6:-}" && { COTURN_PORT=$(($3 + try)); return 0; }
        [ $? = 2 ] || break  # 2: exited at once (port taken): try another port
    done
    echo "SKIP: turnserver would not start:"; tail -n 5 "$1/turnserver.out" "$1"/turnserver*.log 2>/dev/null
    exit "$COTURN_SKIP"
}

# One start; returns 0 when ready, 2 when it exited at once, 1 when it never opened its port.
coturn_try() {
    local dir="$1" ip="$2" port="$3" user="$4" pass="$5" ns="${6:-}"
    rm -f "$dir"/turnserver*.log "$dir/turnserver.out"
    local conf="$dir/turnserver.conf"
    cat >"$conf" <<CONF
listening-ip=$ip
relay-ip=$ip
listening-port=$port
min-port=$((port + 1))
max-port=$((port + 200))
lt-cred-mech
user=$user:$pass
realm=bvh.test
fingerprint
no-tls
no-dtls
no-tcp-relay
no-cli
no-rfc5780
no-stun-backward-compatibility
allow-loopback-peers
userdb=$dir/turndb
pidfile=$dir/turnserver.pid
log-file=$dir/turnserver.log
simple-log
CONF
    local run=(turnserver -c "$conf")
    [ -n "$ns" ] && run=(ip netns exec "$ns" "${run[@]}")
    "${run[@]}" >"$dir/turnserver.out" 2>&1 &
    COTURN_PID=$!
    # Ready when its UDP port is bound (at most 10 s).
    local ss=(ss -Huln "sport = :$port")
    [ -n "$ns" ] && ss=(ip netns exec "$ns" "${ss[@]}")
    for _ in $(seq 100); do
        if ! kill -0 "$COTURN_PID" 2>/dev/null; then
            wait "$COTURN_PID" 2>/dev/null; COTURN_PID=; return 2
        fi
        [ -n "$("${ss[@]}" 2>/dev/null)" ] && return 0
        sleep 0.1
    done
    echo "turnserver did not open UDP port $port within 10 s"
    coturn_stop
    return 1
}

coturn_stop() {
    [ -n "$COTURN_PID" ] || return 0
    kill "$COTURN_PID" 2>/dev/null
    for _ in $(seq 50); do kill -0 "$COTURN_PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$COTURN_PID" 2>/dev/null
    wait "$COTURN_PID" 2>/dev/null
    COTURN_PID=
}
