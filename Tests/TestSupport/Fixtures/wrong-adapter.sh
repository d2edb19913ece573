#!/bin/sh
# wrong-adapter.sh - Accepts everything and always answers the same wrong value.
case "$1" in
capabilities) echo '["decode", "read-attribute", "select-icon"]' ;;
decode) cat >/dev/null; echo '{"type": "integer", "value": "42"}' ;;
read-attribute) echo '{"name": "Wrong"}' ;;
select-icon) cat >/dev/null; echo "https://wrong.example/icon.png" ;;
*) exit 64 ;;
esac
