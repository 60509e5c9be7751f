# Sourced by the NAT tests: simulated home networks in Linux network namespaces (iproute2 + nftables, Debian's).
#
#   "public" (203.0.113.0/24 on a bridge; 203.0.113.1 is the public server's address: coturn runs there)
#     |-- router A  203.0.113.11  NAT: port-restricted cone  -- home A 10.0.1.2
#     |-- router B  203.0.113.12  NAT: port-restricted cone or symmetric -- home B 10.0.2.2
#     '-- router C  203.0.113.13  NAT: port-restricted cone  -- home C 10.0.3.2 (a spectator)
#
# A port-restricted cone NAT is nftables' plain masquerade: it keeps the source port when it is free (the same
# public address for every destination), and conntrack lets in only replies from an address and port the inside
# has sent to. A symmetric NAT is `masquerade random`: a fresh public port for every destination. The routers
# drop whatever reaches their own WAN address (no ICMP answers). Names carry the test's process id, so runs at
# the same time do not meet; netns_teardown deletes everything (a trap calls it), and every wait is bounded.
# Usage: netns_require; netns_setup SYMMETRIC_B(0|1); netns_exec NS CMD...; netns_teardown

NETNS_SKIP=77
NETNS_TAG="bvh$$"
NETNS_LIST=()

netns_name() { echo "${NETNS_TAG}$1"; }

netns_require() {
    for tool in ip nft; do
        command -v "$tool" >/dev/null 2>&1 || { echo "SKIP: '$tool' is not installed (scripts/setup.sh installs iproute2 and nftables)"; exit "$NETNS_SKIP"; }
    done
    if [ "$(id -u)" -ne 0 ]; then
        echo "SKIP: network namespaces need root (run the suite as root, or in a container with CAP_NET_ADMIN)"
        exit "$NETNS_SKIP"
    fi
    local probe; probe="$(netns_name probe)"
    if ! ip netns add "$probe" 2>"/tmp/$probe.err"; then
        echo "SKIP: cannot create a network namespace: $(cat "/tmp/$probe.err")"; rm -f "/tmp/$probe.err"
        exit "$NETNS_SKIP"
    fi
    if ! ip netns exec "$probe" nft list ruleset >/dev/null 2>"/tmp/$probe.err"; then
        echo "SKIP: nftables does not work in a namespace here: $(cat "/tmp/$probe.err")"
        ip netns del "$probe"; rm -f "/tmp/$probe.err"; exit "$NETNS_SKIP"
    fi
    ip netns del "$probe"; rm -f "/tmp/$probe.err"
}

netns_add() {
    local ns; ns="$(netns_name "$1")"
    ip netns add "$ns" || return 1
    NETNS_LIST+=("$ns")
    ip -n "$ns" link set lo up
}

netns_exec() { local ns; ns="$(netns_name "$1")"; shift; ip netns exec "$ns" "$@"; }

# netns_router LETTER INDEX SYMMETRIC: router LETTER (a/b/c) with WAN 203.0.113.(10+INDEX), home 10.0.INDEX.2.
netns_router() {
    local l="$1" i="$2" sym="$3" pub r h
    pub="$(netns_name pub)"; r="$(netns_name "r$l")"; h="$(netns_name "h$l")"
    netns_add "r$l" && netns_add "h$l" || return 1
    ip -n "$r" link add wan type veth peer name "w$l" netns "$pub" || return 1
    ip -n "$r" link add lan type veth peer name eth0 netns "$h" || return 1
    ip -n "$pub" link set "w$l" master br0 up
    ip -n "$r" addr add "203.0.113.$((10 + i))/24" dev wan
    ip -n "$r" addr add "10.0.$i.1/24" dev lan
    ip -n "$r" link set wan up; ip -n "$r" link set lan up
    ip -n "$h" addr add "10.0.$i.2/24" dev eth0
    ip -n "$h" link set eth0 up
    ip -n "$h" route add default via "10.0.$i.1"
    ip netns exec "$r" sysctl -qw net.ipv4.ip_forward=1
    local masq="masquerade"
    [ "$sym" = 1 ] && masq="masquerade random"
    ip netns exec "$r" nft -f - <<NFT || return 1
table ip nat {
    chain postrouting { type nat hook postrouting priority 100; oifname "wan" $masq; }
}
table ip filter {
    chain input { type filter hook input priority 0; iifname "wan" drop; }
    chain forward { type filter hook forward priority 0; policy drop; iifname "lan" accept; ct state established,related accept; }
}
NFT
}

netns_setup() {
    local symB="$1" pub
    trap netns_teardown EXIT
    netns_add pub || { echo "FAIL: cannot add the public namespace"; exit 1; }
    pub="$(netns_name pub)"
    ip -n "$pub" link add br0 type bridge && ip -n "$pub" link set br0 up && ip -n "$pub" addr add 203.0.113.1/24 dev br0 ||
        { echo "FAIL: cannot make the public bridge"; exit 1; }
    netns_router a 1 0 && netns_router b 2 "$symB" && netns_router c 3 0 || { echo "FAIL: cannot build the routers"; exit 1; }
}

# Kills every process left in our namespaces, then deletes them.
netns_teardown() {
    local ns pid
    [ "$(type -t coturn_stop)" = function ] && coturn_stop
    for ns in "${NETNS_LIST[@]}"; do
        for pid in $(ip netns pids "$ns" 2>/dev/null); do kill "$pid" 2>/dev/null; done
    done
    sleep 0.2
    for ns in "${NETNS_LIST[@]}"; do
        for pid in $(ip netns pids "$ns" 2>/dev/null); do kill -9 "$pid" 2>/dev/null; done
        ip netns del "$ns" 2>/dev/null
    done
    NETNS_LIST=()
}
