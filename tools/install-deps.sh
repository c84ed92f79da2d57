#!/usr/bin/env bash
# Installs the Debian packages gsolve builds with, if any is missing.
set -euo pipefail
# clang + libclang-rt-dev: the sanitizer builds and libFuzzer (tools/test.sh); llvm: llvm-symbolizer
# for TSan's reports (inlined frames, which its suppressions match); ccache: rebuilds; ninja:
# builds that keep both cores busy to the end (make waits for a library before its users' files);
# gnugo: the Go interoperability peer of the SGF and GTP tests; Open MPI: solves over many processes;
# clang-format: the format check (tools/format_check.sh); cpp-httplib: gsolve serve's HTTP server;
# chromium, its driver and selenium: the page's browser test.
PACKAGES=(g++ cmake make ninja-build pkg-config libtbb-dev liblmdb-dev libzstd-dev libcli11-dev doctest-dev
          libfmt-dev nlohmann-json3-dev python3 jq clang clang-format libclang-rt-dev llvm ccache gnugo
          libopenmpi-dev openmpi-bin libcpp-httplib-dev chromium chromium-driver python3-selenium)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "installing: ${missing[*]}" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
