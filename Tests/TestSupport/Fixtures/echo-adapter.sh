#!/bin/sh
# echo-adapter.sh - A correct adapter for the synthetic test vectors, whose inputs are their own answers:
# decode echoes JSON input and rejects anything else; read-attribute echoes a JSON attribute value;
# select-icon echoes a URL and rejects "none".
case "$1" in
capabilities) echo '["decode", "read-attribute", "select-icon"]' ;;
decode)
    input=$(cat)
    case "$input" in "{"*) printf '%s' "$input" ;; *) echo "not JSON" >&2; exit 1 ;; esac ;;
read-attribute)
    value=$(getfattr --only-values -n user.x-document-source "$2" 2>/dev/null) || exit 1
    case "$value" in "{"*) printf '%s' "$value" ;; *) exit 1 ;; esac ;;
select-icon)
    input=$(cat)
    [ "$input" = none ] && exit 1
    echo "$input" ;;
*) echo "unknown call $1" >&2; exit 64 ;;
esac
