#!/usr/bin/env bash
# CI stage "package": proves that toon-cpp can be consumed as a package, offline.
#
#   1. Conan 2: `conan create .` with a fresh Conan home that has no usable remote and a profile
#      mapping fmt, Boost and simdjson to the system's packages ([platform_requires]); this
#      builds the library (static, then shared) and builds and runs test_package/.
#   2. CMake: build, `cmake --install` into a fresh prefix, then configure, build and run the
#      outside project tests/consumer against it with find_package(toon) and with pkg-config,
#      and run the installed CLI.
#
# Usage: bash scripts/ci-package.sh        (after scripts/setup.sh; needs no network but PyPI
#                                            the first time, to install Conan)
# Work folder: build-package/ (override with PACKAGE_BUILD_DIR). Conan is installed from PyPI
# into a virtual environment there (system-wide pip is blocked by PEP 668), or taken from
# CONAN if that names a Conan 2 executable. Idempotent: every run starts from a fresh Conan
# home, install prefix and consumer builds; the virtual environment and the CMake build
# folder (incremental) are reused.
set -euo pipefail
{ # read whole before running: editing the file during a run cannot change the run
cd "$(dirname "$0")/.."
root=$PWD
work=${PACKAGE_BUILD_DIR:-$root/build-package}
mkdir -p "$work"
work=$(cd "$work" && pwd)
jobs=$(nproc)
start=$SECONDS
exec </dev/null  # never wait for input

step() { printf '\n==> [%3ds] %s\n' "$((SECONDS - start))" "$*"; }
die() { echo "ci-package.sh: $*" >&2; exit 1; }

version=$(sed -nE 's/^project\(toon VERSION ([0-9]+\.[0-9]+\.[0-9]+).*/\1/p' CMakeLists.txt)
[ -n "$version" ] || die "cannot read the version from CMakeLists.txt"
echo "toon $version; work folder $work"

# ---- Conan --------------------------------------------------------------------------------------
conan=${CONAN:-$work/conan-venv/bin/conan}
if ! "$conan" --version 2>/dev/null | grep -q '^Conan version 2\.'; then
  [ -z "${CONAN:-}" ] || die "CONAN=$CONAN is not a Conan 2 executable"
  step "installing Conan 2 from PyPI into $work/conan-venv"
  rm -rf "$work/conan-venv"
  python3 -m venv "$work/conan-venv" || die "python3 -m venv failed (Debian: apt-get install python3-venv, or run scripts/setup.sh)"
  "$work/conan-venv/bin/python" -m pip install --quiet --disable-pip-version-check "conan>=2.0,<3"
fi
"$conan" --version

# A fresh Conan home: nothing cached from earlier runs, and no remote to reach.
export CONAN_HOME=$work/conan-home
rm -rf "$CONAN_HOME"
"$conan" profile detect --force >/dev/null 2>&1
"$conan" remote disable "*" >/dev/null
if "$conan" remote list --format=json | grep -q '"enabled": true'; then
  die "a Conan remote is still enabled"
fi

# The system's versions of the dependencies (Debian 12: fmt 9.1.0, Boost 1.81.0, simdjson 3.0.1).
fmt_version=$(pkg-config --modversion fmt) || die "fmt not found by pkg-config (libfmt-dev)"
simdjson_version=$(pkg-config --modversion simdjson) || die "simdjson not found by pkg-config (libsimdjson-dev)"
boost_number=$(sed -nE 's/^#define BOOST_VERSION ([0-9]+).*/\1/p' /usr/include/boost/version.hpp 2>/dev/null) ||
  die "Boost headers not found (libboost1.81-dev)"
[ -n "$boost_number" ] || die "BOOST_VERSION not found in /usr/include/boost/version.hpp"
boost_version="$((boost_number / 100000)).$((boost_number / 100 % 1000)).$((boost_number % 100))"
openssl_version=$(pkg-config --modversion libcrypto) || die "libcrypto not found by pkg-config (libssl-dev)"

profile=$CONAN_HOME/profiles/toon-system
cat >"$profile" <<EOF
include(default)

[settings]
build_type=Release
compiler.cppstd=20

[platform_requires]
fmt/$fmt_version
boost/$boost_version
simdjson/$simdjson_version
openssl/$openssl_version

[conf]
tools.build:jobs=$jobs
EOF
step "Conan profile $profile"
cat "$profile"

# test_package/ is copied into the work folder so that its build stays out of the checkout.
rm -rf "$work/test_package"
cp -r "$root/test_package" "$work/test_package"

# Conan's toolchain adds -m64 on x86_64, where it is the compiler's default: left out of the
# compiler cache's hash, the static build then reuses the objects of scripts/test.sh's Release
# build (same flags and, with conanfile.py's one-level build folder, the same relative paths),
# and the shared build those of the static one.
if [ "$(uname -m)" = x86_64 ]; then
  export CCACHE_IGNOREOPTIONS="${CCACHE_IGNOREOPTIONS:+$CCACHE_IGNOREOPTIONS }-m64"
fi
for shared in False True; do
  log=$work/conan-create-shared-$shared.log
  step "conan create . -o toon/*:shared=$shared (offline) + test_package"
  if ! "$conan" create "$root" --profile:all "$profile" --build=missing \
         --options:host "toon/*:shared=$shared" --test-folder "$work/test_package" >"$log" 2>&1; then
    tail -n 60 "$log"
    die "conan create (shared=$shared) failed; log: $log"
  fi
  # The resolved graph: the dependencies as Platform (from the system), toon as Build.
  grep -E '^    [a-z]+/[^ #]*(#[0-9a-f]+:[0-9a-f]+)? - (Platform|Build)$' "$log" | sort -u
  grep -q 'toon/[0-9.]* (test package): Running test()' "$log" || die "test_package did not run; log: $log"
  sed -n '/(test package): Running test()/,$p' "$log"
done
"$conan" list "toon/$version:*" --format=compact

# ---- CMake install + outside consumers ----------------------------------------------------------
# The Release tree of scripts/test.sh (BUILD_DIR, default build/) when there is one: CI has just
# built it, and installing it is what a user does; otherwise a library + CLI build of its own.
cmake_build=${BUILD_DIR:-$root/build}
case "$cmake_build" in /*) ;; *) cmake_build="$root/$cmake_build" ;; esac
if [ -f "$cmake_build/CMakeCache.txt" ] && grep -q '^CMAKE_BUILD_TYPE:[A-Z]*=Release$' "$cmake_build/CMakeCache.txt" &&
   grep -q '^TOON_INSTALL:BOOL=ON$' "$cmake_build/CMakeCache.txt" && grep -q '^TOON_BUILD_CLI:BOOL=ON$' "$cmake_build/CMakeCache.txt"; then
  step "cmake: library + CLI of the Release tree $cmake_build"
else
  cmake_build=$work/cmake-build
  step "cmake: build toon (library + CLI) in $cmake_build"
  cmake -S "$root" -B "$cmake_build" -DCMAKE_BUILD_TYPE=Release \
    -DTOON_BUILD_TESTS=OFF -DTOON_BUILD_CLI=ON -DTOON_INSTALL=ON >"$work/cmake-build.log"
fi
cmake --build "$cmake_build" -j "$jobs" --target toon toon_cli >>"$work/cmake-build.log" || die "build failed; see $work/cmake-build.log"

prefix=$work/prefix
step "cmake --install into $prefix"
rm -rf "$prefix"
cmake --install "$cmake_build" --prefix "$prefix" | sed -n '1p;/cmake\/toon\|pkgconfig\|bin\/toon\|libtoon/p'

libdir=$(sed -nE 's/^CMAKE_INSTALL_LIBDIR:[A-Z]+=(.*)/\1/p' "$cmake_build/CMakeCache.txt")
for mode in find_package pkg_config; do
  step "outside consumer ($mode) against $prefix"
  rm -rf "$work/consumer-$mode"
  cmake -S "$root/tests/consumer" -B "$work/consumer-$mode" -DCMAKE_BUILD_TYPE=Release \
    -DTOON_CONSUMER_MODE=$mode -DCMAKE_PREFIX_PATH="$prefix" \
    -DTOON_CONSUMER_EXPECTED_VERSION="$version" \
    -DTOON_CONSUMER_EXPECTED_DIR="$prefix/${libdir:-lib}/cmake/toon" | grep -E '^-- toon|Found toon'
  cmake --build "$work/consumer-$mode" -j "$jobs" >/dev/null
  "$work/consumer-$mode/toon_consumer"
done

step "installed CLI"
"$prefix/bin/toon" --version
"$prefix/bin/toon" --stats examples/users.json -o /dev/null

step "package checks passed in $((SECONDS - start)) s"
exit 0
}
