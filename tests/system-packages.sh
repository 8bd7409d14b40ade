#!/bin/sh
# What the tests need beyond PyPI, from Debian's packages: Chromium for the browser tests
# (Playwright drives it; it cannot download a browser of its own), PostgreSQL for the store
# tests (a throwaway cluster is started by the tests), a font for the PNG pictures, the
# openssl command for the self-signed certificate of the SMTPS/STARTTLS/IMAPS tests,
# debootstrap and iproute2 to build and start the container recipe without an engine.
# Installs only what is missing, so a second run costs nothing. Run as root or with sudo.
set -eu
need=""
command -v chromium >/dev/null 2>&1 || need="$need chromium"
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need="$need postgresql"
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need="$need fonts-dejavu-core"
command -v openssl >/dev/null 2>&1 || need="$need openssl"
command -v debootstrap >/dev/null 2>&1 || [ -x /usr/sbin/debootstrap ] || need="$need debootstrap"
command -v ip >/dev/null 2>&1 || [ -x /usr/sbin/ip ] || [ -x /sbin/ip ] || need="$need iproute2"
[ -z "$need" ] && exit 0
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $need >/dev/null
