#!/bin/sh
# The `bvh` program against its I/O floor (bench/bvh_floor.cpp) on the big input, interleaved, RUNS times each:
# median CPU (user + system) and the largest peak RSS of each, and the CPU ratio. Extra programs to time the same
# way (an older `bvh`, say) may follow; each one's output is compared with the first's.
#
#   bench/bvh_floor.sh BUILD_DIR [RUNS] [OTHER_BVH...]     e.g. bench/bvh_floor.sh build/release 5
#
# The input is bench/make_bvh_input.py's default (200,000 members, 1,000,000 actions), written once to
# ${BVH_BIG_INPUT:-/tmp/bvhbig}.
set -eu
build=$1
runs=${2:-5}
[ $# -ge 2 ] && shift 2 || shift 1
dir=${BVH_BIG_INPUT:-/tmp/bvhbig}
here=$(dirname "$0")
[ -f "$dir/actions.txt" ] || python3 "$here/make_bvh_input.py" "$dir"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
progs="$build/engine/bvh $build/bench/bvh_floor $*"
i=0
while [ $i -lt "$runs" ]; do
    k=0
    for p in $progs; do
        /usr/bin/time -f "%U %S %M" -o "$work/t" "$p" "$dir/agent.txt" "$dir/actions.txt" > "$work/out$k" 2>/dev/null
        echo "$(awk '{printf "%.2f %d", $1 + $2, $3}' "$work/t")" >> "$work/times$k"
        if [ $k -ge 2 ] && ! cmp -s "$work/out0" "$work/out$k"; then echo "$p: output differs from bvh's"; exit 1; fi
        k=$((k + 1))
    done
    i=$((i + 1))
done
floor=$(sort -n "$work/times1" | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
k=0
echo "| program | CPU median (user + sys) | CPU runs | max RSS | CPU over the floor |"
echo "|---|---:|---|---:|---:|"
for p in $progs; do
    sort -n "$work/times$k" | awk -v p="$p" -v floor="$floor" '
        {cpu[NR] = $1; list = list (NR > 1 ? " " : "") $1; if ($2 > rss) rss = $2}
        END {m = cpu[int((NR + 1) / 2)]; printf "| %s | %.2f s | %s | %.0f MB | %.2fx |\n", p, m, list, rss / 1024, m / floor}'
    k=$((k + 1))
done
