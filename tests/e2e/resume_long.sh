#!/usr/bin/env bash
# resume.sh on the issue's board: kill -9 during connect4:6x4, then --resume.
GAME=connect4:6x4 exec bash "$(dirname "$0")/resume.sh" "$@"
