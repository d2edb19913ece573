#!/bin/sh
# version-adapter.sh - Answers `version` with one line; rejects every decode.
[ "$1" = capabilities ] && { echo '["decode"]'; exit 0; }
[ "$1" = version ] && { echo 'libexample 1.2'; exit 0; }
cat > /dev/null
exit 1
