#!/bin/sh
# slow-adapter.sh - Every call is slow: capabilities answer after 0.2 s; a decode leaves a file in its working
# directory and waits for a child that sleeps 300 s. Signals to the runner land in every phase of a run.
case "$1" in
capabilities) sleep 0.2; echo '["decode"]'; exit 0 ;;
version) echo slow; exit 0 ;;
esac
touch left-by-the-adapter
sleep 300 </dev/null >/dev/null 2>&1 &
wait
