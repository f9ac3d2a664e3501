# shellcheck shell=bash
# The end-to-end tests' checks: each prints one PASS or FAIL line and
# counts it in $pass or $fail, which the script sets to 0 first and reads
# for its verdict.

ok() {
  echo "PASS  $1"
  pass=$((pass + 1))
}
bad() {
  echo "FAIL  $1${2:+ — $2}"
  fail=$((fail + 1))
}
check() { # DESCRIPTION COMMAND...: passes when the command succeeds
  local what=$1
  shift
  if "$@"; then ok "$what"; else bad "$what"; fi
}
check_not() { # DESCRIPTION COMMAND...: passes when the command fails
  local what=$1
  shift
  if "$@"; then bad "$what"; else ok "$what"; fi
}
check_eq() { # DESCRIPTION ACTUAL EXPECTED
  if [[ $2 == "$3" ]]; then ok "$1"; else bad "$1" "got '$2', expected '$3'"; fi
}
check_has() { # DESCRIPTION TEXT NEEDLE (the text shown cut to 400 characters)
  if [[ $2 == *"$3"* ]]; then ok "$1"; else bad "$1" "'$3' not in '${2:0:400}'"; fi
}
