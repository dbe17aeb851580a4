# heartline-board: the login of the board's user on the first virtual console starts Heartline
# and waits for it. The work is in /usr/share/heartline-board/login.sh, which goes with the
# package: once heartline-board is removed this file, kept until a purge as Debian keeps files in
# /etc, does nothing.
if [ -r /usr/share/heartline-board/login.sh ] && [ "$(id -un)" = heartline ]; then
  . /usr/share/heartline-board/login.sh
fi
