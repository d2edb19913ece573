#!/bin/sh
# scratch-adapter.sh - Prints its working directory and leaves a file there.
[ "$1" = capabilities ] && { echo '["decode"]'; exit 0; }
touch left-by-the-adapter
pwd
exit 1
