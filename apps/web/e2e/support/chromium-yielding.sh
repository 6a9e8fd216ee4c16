#!/bin/sh
# The browser that plays the user: Debian's old headless shell where it is installed (.ci/run
# installs it), which draws no browser window of its own and costs a third less processor time
# per journey than the full browser in headless mode; else the full browser.
# At niceness 10, unable to raise itself: run as root, Chromium gives its browser and display
# threads niceness -8, above the server under test. Here the browser takes no more of the
# processor than the server's document children (10; an upload's check 15), so on a busy
# machine the page does not starve the server it waits for.
browser=/usr/bin/chromium
[ -x /usr/bin/chromium-headless-shell ] && browser=/usr/bin/chromium-headless-shell
if command -v setpriv >/dev/null 2>&1; then
  exec setpriv --bounding-set -sys_nice nice -n 10 "$browser" "$@"
fi
exec nice -n 10 "$browser" "$@"
