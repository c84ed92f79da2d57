#!/usr/bin/env bash
# gsolve against GNU Go over GTP, with this script as the referee: colours
# alternate, each engine's move is played on the other's board (an illegal
# one is reported and ends the match), two passes in a row or a resignation
# end a game. Then both programs score it: gsolve's final_score counts the
# board as it stands (Tromp-Taylor area), GNU Go's removes the stones it
# judges dead. When they differ the game is played on (GNU Go with
# kgs-genmove_cleanup, which captures what it calls dead) until two passes
# again; after three such rounds the two scores are printed as they are.
#   tools/gnugo_match.sh [GAME] [GAMES] [GSOLVE GTP OPTIONS...]
#   tools/gnugo_match.sh go:3x3 2                 # proven play: B+9 either way
#   tools/gnugo_match.sh go:4x4 2 --time 5        # gsolve's best move of 5 s
#   OPENING="B2 A3 A2 B3 C2 B1 PASS PASS" tools/gnugo_match.sh go:3x3 1
#                                                 # each game starts with these moves
# Prints one line per game and a summary; exits 1 when a move is refused.
set -euo pipefail
GAME=${1:-go:3x3}
GAMES=${2:-2}
shift $(($# < 2 ? $# : 2))
BIN=${BIN:-"$(dirname "$0")/../build/gsolve"}
GNUGO=${GNUGO:-/usr/games/gnugo}
[ -x "$GNUGO" ] || { echo "GNU Go is missing (tools/install-deps.sh installs the gnugo package)" >&2; exit 2; }
size=${GAME#go:}
size=${size%%,*}
width=${size%x*}
height=${size#*x}
komi=$(sed -nE 's/.*komi=(-?[0-9]+(\.5)?).*/\1/p' <<<"$GAME")
OPENING=${OPENING:-}
komi=${komi:-0}

dir=$(mktemp -d)
trap 'exec 3>&- 5>&- 2>/dev/null; rm -rf "$dir"' EXIT
mkfifo "$dir/g.in" "$dir/g.out" "$dir/n.in" "$dir/n.out"
"$BIN" gtp --game "$GAME" "$@" <"$dir/g.in" >"$dir/g.out" 2>"$dir/g.err" &
"$GNUGO" --mode gtp --chinese-rules --positional-superko <"$dir/n.in" >"$dir/n.out" 2>/dev/null &
exec 3>"$dir/g.in" 4<"$dir/g.out" 5>"$dir/n.in" 6<"$dir/n.out"

# ask FD_OUT FD_IN COMMAND: the reply without its '=' and the empty line after it.
ask() {
  local line reply=""
  echo "$3" >&"$1"
  while IFS= read -r line <&"$2"; do
    [ -z "$line" ] && break
    reply+="$line"
  done
  echo "${reply%"${reply##*[![:space:]]}"}"  # without trailing blanks (GNU Go answers "= ")
}
gsolve() { ask 3 4 "$1"; }
gnugo() { ask 5 6 "$1"; }

for engine in gsolve gnugo; do
  if [ "$width" == "$height" ]; then $engine "boardsize $width" >/dev/null; else $engine "rectangular_boardsize $width $height" >/dev/null; fi
  $engine "komi $komi" >/dev/null
done
wins=0
for game in $(seq 1 "$GAMES"); do
  gsolve clear_board >/dev/null
  gnugo clear_board >/dev/null
  black=$([ $((game % 2)) -eq 1 ] && echo gsolve || echo gnugo)
  colour=b passes=0 moves=0 line="" result=""
  for move in $OPENING; do
    for engine in gsolve gnugo; do
      played=$($engine "play $colour $move")
      [ "$played" == "=" ] || { echo "game $game: $engine refused the opening's $colour $move: $played"; exit 1; }
    done
    line+="$move "
    moves=$((moves + 1))
    [ "$move" == PASS ] && passes=$((passes + 1)) || passes=0
    colour=$([ "$colour" == b ] && echo w || echo b)
  done
  rounds=0 agreed=""
  while :; do
    while [ $passes -lt 2 ] && [ $moves -lt 400 ]; do
      mover=$([ "$colour" == b ] && echo "$black" || { [ "$black" == gsolve ] && echo gnugo || echo gsolve; })
      other=$([ "$mover" == gsolve ] && echo gnugo || echo gsolve)
      ask_move="genmove $colour"
      [ "$mover" == gnugo ] && [ $rounds -gt 0 ] && ask_move="kgs-genmove_cleanup $colour"
      reply=$($mover "$ask_move")
      [ "${reply:0:1}" == "=" ] || { echo "game $game: $mover refused $ask_move: $reply"; exit 1; }
      move=$(tr -d ' =' <<<"$reply" | tr '[:lower:]' '[:upper:]')
      if [ "$move" == RESIGN ]; then
        result="$([ "$colour" == b ] && echo W || echo B)+R"
        break 2
      fi
      played=$($other "play $colour $move")
      [ "$played" == "=" ] || { echo "game $game: $other refused $mover's $colour $move after $line: $played"; exit 1; }
      line+="$move "
      moves=$((moves + 1))
      [ "$move" == PASS ] && passes=$((passes + 1)) || passes=0
      colour=$([ "$colour" == b ] && echo w || echo b)
    done
    ours=$(gsolve final_score | tr -d '= ')
    theirs=$(gnugo final_score | tr -d '= ' | sed 's/\.0$//')  # GNU Go writes B+9.0
    result=$ours
    if [ "$ours" == "$theirs" ]; then agreed=", both programs agree"; break; fi
    rounds=$((rounds + 1))
    if [ $rounds -gt 3 ] || [ $moves -ge 400 ]; then agreed=", GNU Go says $theirs"; break; fi
    line+="(GNU Go says $theirs: play on) "
    passes=0
  done
  gsolve_colour=$([ "$black" == gsolve ] && echo B || echo W)
  [ "${result:0:1}" == "$gsolve_colour" ] && wins=$((wins + 1))
  echo "game $game: gsolve $([ "$black" == gsolve ] && echo black || echo white), $result in $moves moves$agreed: $line"
done
echo "$GAME: gsolve won $wins of $GAMES against GNU Go"
[ -s "$dir/g.err" ] && sed 's/^/gsolve stderr: /' "$dir/g.err" | sort | uniq -c | sort -rn | head -5
exit 0
