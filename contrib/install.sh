#!/usr/bin/env bash
# Builds Heartline in release mode and installs it under a prefix, or removes what it installed.
#
# Usage: contrib/install.sh               build (release, Swift runtime linked in), then install
#                                         into $DESTDIR$PREFIX
#        contrib/install.sh --uninstall   remove exactly what the install put there
#
# Environment:
#   PREFIX                 where Heartline goes (default /usr/local)
#   DESTDIR                a staging root prepended to every path (packaging, tests); the
#                          installed files still name PREFIX, not DESTDIR
#   HEARTLINE_BUILT_BINARY install this heartline executable instead of building one
#
# What goes where:
#   PREFIX/bin/heartline
#   PREFIX/share/heartline/prompts/LANGUAGE/*.prompts   (found from ../share beside the binary)
#   PREFIX/share/man/man1/heartline.1
#   PREFIX/share/man/man5/heartline.conf.5
#   PREFIX/lib/systemd/user/heartline.service           (ExecStart names PREFIX/bin/heartline)
#   PREFIX/share/heartline/autologin.conf               (a getty drop-in, installed by hand)
#   PREFIX/share/heartline/wireplumber-bluetooth.lua    (Bluetooth audio with no login seat,
#                                                        installed by hand)
#   PREFIX/share/heartline/bluetooth-restart.conf       (a bluetooth.service drop-in, by hand)
#   PREFIX/share/doc/heartline/heartline.conf.example
#   PREFIX/share/heartline/installed-files              (what --uninstall removes: files, and
#                                                        the directories the install created)
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${PREFIX:-/usr/local}"
prefix="${prefix%/}"
destdir="${DESTDIR:-}"
destdir="${destdir%/}"
root="$destdir$prefix"
manifest_path="$prefix/share/heartline/installed-files"

if [[ "$prefix" != /* ]]; then
  echo "install: PREFIX must be an absolute path, not $prefix" >&2
  exit 2
fi

uninstall() {
  local manifest="$destdir$manifest_path"
  if [[ ! -f "$manifest" ]]; then
    echo "install: nothing to uninstall: $manifest is missing" >&2
    exit 1
  fi
  # Files first, then the directories the install created, deepest first, if they are empty:
  # a directory that was there before, or that holds anything else now, stays.
  local kind path
  while IFS=' ' read -r kind path; do
    if [[ "$kind" == file ]]; then rm -f -- "$destdir$path"; fi
  done <"$manifest"
  local created
  created="$(sed -n 's/^dir //p' "$manifest" | sort -r)"
  rm -f -- "$manifest"
  while read -r path; do
    if [[ -n "$path" ]]; then rmdir -- "$destdir$path" 2>/dev/null || true; fi
  done <<<"$created"
  echo "install: removed Heartline from $root" >&2
}

if [[ "${1:-}" == "--uninstall" ]]; then
  uninstall
  exit 0
elif [[ $# -gt 0 ]]; then
  echo "usage: contrib/install.sh [--uninstall]   (PREFIX, DESTDIR, HEARTLINE_BUILT_BINARY)" >&2
  exit 2
fi

if [[ -n "${HEARTLINE_BUILT_BINARY:-}" ]]; then
  binary="$HEARTLINE_BUILT_BINARY"
else
  if [[ -d /opt/swift/usr/bin ]]; then export PATH="/opt/swift/usr/bin:$PATH"; fi
  # The Swift runtime and Foundation linked in, laid out for fewer resident pages
  # (contrib/release-flags.sh says how; BENCHMARKS.md has the figures).
  source contrib/release-flags.sh
  swift build -c release --product heartline "${release_flags[@]}" 2>&1 | tail -n 1 >&2
  binary="$(swift build -c release "${release_flags[@]}" --show-bin-path)/heartline"
fi
if [[ ! -x "$binary" ]]; then
  echo "install: no executable at $binary" >&2
  exit 1
fi

# Every file and every directory created is written down, so --uninstall removes exactly those.
files=()
dirs=()
make_dir() {
  local path="$1" missing=() part="$1"
  while [[ "$part" != / && ! -d "$destdir$part" ]]; do
    missing+=("$part")
    part="$(dirname "$part")"
  done
  if ((${#missing[@]} > 0)); then
    mkdir -p -- "$destdir$path"
    dirs+=("${missing[@]}")
  fi
}
put() {
  local mode="$1" source="$2" target="$3"
  make_dir "$(dirname "$target")"
  install -m "$mode" -- "$source" "$destdir$target"
  files+=("$target")
}

put 755 "$binary" "$prefix/bin/heartline"
for language in Prompts/*/; do
  language="$(basename "$language")"
  for prompts in Prompts/"$language"/*.prompts; do
    put 644 "$prompts" "$prefix/share/heartline/prompts/$language/$(basename "$prompts")"
  done
done
put 644 contrib/heartline.1 "$prefix/share/man/man1/heartline.1"
put 644 contrib/heartline.conf.5 "$prefix/share/man/man5/heartline.conf.5"
unit="$(mktemp)"
trap 'rm -f "$unit"' EXIT
sed "s|^ExecStart=/usr/local/bin/heartline|ExecStart=$prefix/bin/heartline|" contrib/heartline.service >"$unit"
put 644 "$unit" "$prefix/lib/systemd/user/heartline.service"
put 644 contrib/autologin.conf "$prefix/share/heartline/autologin.conf"
put 644 contrib/wireplumber-bluetooth.lua "$prefix/share/heartline/wireplumber-bluetooth.lua"
put 644 contrib/bluetooth-restart.conf "$prefix/share/heartline/bluetooth-restart.conf"
put 644 contrib/heartline.conf.example "$prefix/share/doc/heartline/heartline.conf.example"

# A second install keeps the first one's list of created directories.
if [[ -f "$destdir$manifest_path" ]]; then
  while read -r path; do dirs+=("$path"); done < <(sed -n 's/^dir //p' "$destdir$manifest_path")
fi
make_dir "$(dirname "$manifest_path")"
{
  printf 'file %s\n' "${files[@]}"
  if ((${#dirs[@]} > 0)); then printf 'dir %s\n' "${dirs[@]}" | sort -u; fi
} >"$destdir$manifest_path"

echo "install: installed Heartline into $root" >&2
if [[ "$prefix" != /usr && "$prefix" != /usr/local ]]; then
  echo "install: systemd finds user units only under /usr and /usr/local; run" >&2
  echo "install:   systemctl --user link $prefix/lib/systemd/user/heartline.service" >&2
fi
echo "install: to let Heartline search for straps: sudo setcap cap_net_raw,cap_net_admin+ep $prefix/bin/heartline" >&2
