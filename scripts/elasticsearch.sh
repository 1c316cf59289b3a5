#!/usr/bin/env bash
# A real single-node Elasticsearch for Docent's tests and benchmarks, without Docker:
#
#   scripts/elasticsearch.sh start [--port N]   # last line: ELASTICSEARCH_URL=http://127.0.0.1:N
#   scripts/elasticsearch.sh stop
#   scripts/elasticsearch.sh status             # exit 0 and the URL when running, 3 when not
#
# It runs Elastic's integration-test distribution of the server, fetched (and cached) from Maven
# Central with Maven, plus a small plugin of ours (scripts/elasticsearch-test-plugin) for what that
# distribution leaves out and Docent needs: `GET /` / `HEAD /`, and the `pattern` tokenizer and the
# `stemmer` and `asciifolding` token filters of its analysis chain. Production uses Elastic's
# images unchanged.
#
# Settings (environment):
#   DOCENT_ES_VERSION  server version (default 9.5.3)
#   DOCENT_ES_DIR      node folder, outside the repository (default /tmp/docent-elasticsearch)
#   DOCENT_ES_PORT     HTTP port when --port is not given (default: a free one)
#   DOCENT_ES_HEAP     JVM heap (default 512m)
#   DOCENT_ES_USER     the unprivileged user it runs as when started by root (default nobody):
#                      Elasticsearch refuses to run as root
#   ES_JAVA_HOME, JAVA_HOME  a JDK 21+ (otherwise the newest one under /usr/lib/jvm)
#
# The node keeps its data across stop/start (a restart finds its indices again); security is off
# and it listens on 127.0.0.1 only.
set -euo pipefail

VERSION=${DOCENT_ES_VERSION:-9.5.3}
NODE_DIR=${DOCENT_ES_DIR:-/tmp/docent-elasticsearch}
HEAP=${DOCENT_ES_HEAP:-512m}
REPO_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PLUGIN_SRC=$REPO_DIR/scripts/elasticsearch-test-plugin
ARTIFACT=org.elasticsearch.distribution.integ-test-zip:elasticsearch:$VERSION:zip
HOME_DIR=$NODE_DIR/elasticsearch-$VERSION
DATA_DIR=$NODE_DIR/data-$VERSION
LOG_DIR=$NODE_DIR/logs
PID_FILE=$NODE_DIR/elasticsearch.pid
PORT_FILE=$NODE_DIR/http.port
CLUSTER=docent-test
START_TIMEOUT_S=${DOCENT_ES_START_TIMEOUT:-180}

log() { echo "elasticsearch.sh: $*" >&2; }
die() {
  echo "elasticsearch.sh: error: $*" >&2
  exit 1
}

usage() {
  echo "usage: $0 start [--port N] | stop | status" >&2
  exit 2
}

# The pid of our node when it is running, else nothing (and status 1).
running_pid() {
  [ -s "$PID_FILE" ] || return 1
  local pid
  pid=$(cat "$PID_FILE")
  [ -d "/proc/$pid" ] && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q "$HOME_DIR" \
    && echo "$pid"
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

healthy() {
  curl -fsS --max-time 5 "http://127.0.0.1:$1/_cluster/health?wait_for_status=yellow&timeout=4s" \
    2>/dev/null | grep -q '"status":"\(green\|yellow\)"'
}

java_major() {
  "$1/bin/java" -version 2>&1 | sed -n 's/.* version "\([0-9]*\).*/\1/p' | head -1
}

# A JDK (java and javac) of version 21 or newer: ES_JAVA_HOME, JAVA_HOME, else the newest in
# /usr/lib/jvm.
find_jdk() {
  local candidate major best='' best_major=0
  if [ -n "${ES_JAVA_HOME:-}" ]; then
    major=$(java_major "$ES_JAVA_HOME" 2>/dev/null || true)
    [ -x "$ES_JAVA_HOME/bin/javac" ] && [ "${major:-0}" -ge 21 ] \
      || die "ES_JAVA_HOME=$ES_JAVA_HOME is not a JDK 21 or newer (java ${major:-not found}); \
Elasticsearch $VERSION needs one, and javac builds the test plugin"
    echo "$ES_JAVA_HOME"
    return
  fi
  # JAVA_HOME is often the system's default (17 on Debian 12): used only when new enough.
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
    major=$(java_major "$JAVA_HOME")
    if [ "${major:-0}" -ge 21 ]; then
      echo "$JAVA_HOME"
      return
    fi
  fi
  for candidate in /usr/lib/jvm/*; do
    [ -x "$candidate/bin/javac" ] && [ ! -L "$candidate" ] || continue
    major=$(java_major "$candidate")
    if [ "${major:-0}" -ge 21 ] && [ "$major" -gt "$best_major" ]; then
      best=$candidate
      best_major=$major
    fi
  done
  [ -n "$best" ] || die "Elasticsearch $VERSION needs a JDK 21 or newer (java and javac); none in \
ES_JAVA_HOME, JAVA_HOME or /usr/lib/jvm (the default java is $(java -version 2>&1 | head -1 || echo 'missing')). \
Install one and point ES_JAVA_HOME at it."
  echo "$best"
}

# Unpacks the distribution into the node folder (once per version), fetching it with Maven.
assemble_distribution() {
  [ -f "$HOME_DIR/.docent-unpacked" ] && return
  command -v mvn >/dev/null 2>&1 \
    || die "Maven (mvn) is needed to fetch Elasticsearch from Maven Central: apt-get install maven"
  command -v unzip >/dev/null 2>&1 || die "unzip is needed: apt-get install unzip"
  local download=$NODE_DIR/download
  rm -rf "$download" "$HOME_DIR"
  mkdir -p "$download"
  log "fetching $ARTIFACT with Maven (cached in the local Maven repository)"
  if ! mvn -B -q dependency:copy -Dartifact="$ARTIFACT" -DoutputDirectory="$download" \
    >"$download/mvn.log" 2>&1; then
    cat "$download/mvn.log" >&2
    die "Maven could not fetch $ARTIFACT"
  fi
  unzip -q "$download/elasticsearch-$VERSION.zip" -d "$NODE_DIR"
  rm -rf "$download"
  touch "$HOME_DIR/.docent-unpacked"
}

# Compiles the test plugin against this distribution's jars and installs it, when its sources
# (or the version) changed since the last build.
install_plugin() {
  local jdk=$1 target=$HOME_DIR/plugins/docent-test-node stamp
  stamp=$( (echo "$VERSION" && find "$PLUGIN_SRC" -type f -name '*.java' -print0 | sort -z \
    | xargs -0 sha256sum) | sha256sum | cut -c1-64)
  [ -f "$target/.stamp" ] && [ "$(cat "$target/.stamp")" = "$stamp" ] && return
  log "building the test plugin with $jdk/bin/javac"
  local build=$NODE_DIR/plugin-build
  rm -rf "$build" "$target"
  mkdir -p "$build/classes" "$target"
  find "$PLUGIN_SRC" -type f -name '*.java' >"$build/sources.txt"
  "$jdk/bin/javac" --release 21 -nowarn -cp "$HOME_DIR/lib/*" -d "$build/classes" @"$build/sources.txt" \
    || die "the test plugin does not compile against Elasticsearch $VERSION"
  "$jdk/bin/jar" cf "$target/docent-test-node.jar" -C "$build/classes" .
  cat >"$target/plugin-descriptor.properties" <<EOF
description=Docent test node: GET / and HEAD /, the pattern tokenizer, and the stemmer and asciifolding token filters
version=$VERSION
name=docent-test-node
classname=dev.docent.testnode.DocentTestNodePlugin
java.version=21
elasticsearch.version=$VERSION
EOF
  echo "$stamp" >"$target/.stamp"
  rm -rf "$build"
}

write_config() {
  local http_port=$1 transport_port=$2
  cat >"$HOME_DIR/config/elasticsearch.yml" <<EOF
# Written by scripts/elasticsearch.sh on every start.
cluster.name: $CLUSTER
node.name: $CLUSTER-node
discovery.type: single-node
network.host: 127.0.0.1
http.port: $http_port
transport.port: $transport_port
path.data: $DATA_DIR
path.logs: $LOG_DIR
xpack.security.enabled: false
# A shared developer disk may be fuller than the watermarks allow: never block writes for it.
cluster.routing.allocation.disk.threshold_enabled: false
EOF
  printf -- '-Xms%s\n-Xmx%s\n' "$HEAP" "$HEAP" >"$HOME_DIR/config/jvm.options.d/docent.options"
}

print_url() { echo "ELASTICSEARCH_URL=http://127.0.0.1:$1"; }

cmd_start() {
  local port=${DOCENT_ES_PORT:-}
  while [ $# -gt 0 ]; do
    case $1 in
      --port) port=${2:-} && shift 2 ;;
      --port=*) port=${1#--port=} && shift ;;
      *) usage ;;
    esac
  done
  [ -z "$port" ] || [[ $port =~ ^[0-9]+$ ]] || die "--port must be a number, not '$port'"
  local pid
  if pid=$(running_pid); then
    local current
    current=$(cat "$PORT_FILE")
    [ -z "$port" ] || [ "$port" = "$current" ] \
      || die "already running on port $current (pid $pid); stop it first to use port $port"
    healthy "$current" || die "running (pid $pid) but not healthy on port $current; see $LOG_DIR"
    log "already running (pid $pid)"
    print_url "$current"
    return
  fi
  command -v curl >/dev/null 2>&1 || die "curl is needed: apt-get install curl"
  local jdk
  jdk=$(find_jdk)
  mkdir -p "$NODE_DIR"
  assemble_distribution
  install_plugin "$jdk"
  [ -n "$port" ] || port=$(free_port)
  port_in_use "$port" && die "port $port is in use"
  local transport_port
  transport_port=$(free_port)
  mkdir -p "$DATA_DIR" "$LOG_DIR"
  write_config "$port" "$transport_port"
  rm -f "$PID_FILE"

  local run=()
  if [ "$(id -u)" = 0 ]; then
    local user=${DOCENT_ES_USER:-nobody}
    id "$user" >/dev/null 2>&1 || die "user '$user' does not exist (DOCENT_ES_USER)"
    # Elasticsearch refuses root: the node folder belongs to an unprivileged user.
    chown -R "$user" "$NODE_DIR"
    run=(runuser -u "$user" --)
  fi
  log "starting Elasticsearch $VERSION on 127.0.0.1:$port (JDK $jdk, heap $HEAP)"
  local started=$SECONDS
  if ! "${run[@]}" env ES_JAVA_HOME="$jdk" ES_JAVA_OPTS= \
    "$HOME_DIR/bin/elasticsearch" -d -p "$PID_FILE" >"$NODE_DIR/startup.log" 2>&1; then
    cat "$NODE_DIR/startup.log" >&2
    tail -n 40 "$LOG_DIR/$CLUSTER.log" >&2 2>/dev/null || true
    die "Elasticsearch did not start"
  fi
  echo "$port" >"$PORT_FILE"
  until healthy "$port"; do
    if ! running_pid >/dev/null; then
      tail -n 40 "$LOG_DIR/$CLUSTER.log" >&2 2>/dev/null || true
      die "Elasticsearch exited during start-up"
    fi
    [ $((SECONDS - started)) -lt "$START_TIMEOUT_S" ] \
      || die "Elasticsearch not healthy after ${START_TIMEOUT_S}s; see $LOG_DIR"
    sleep 0.5
  done
  log "healthy after $((SECONDS - started)) s (pid $(cat "$PID_FILE"))"
  print_url "$port"
}

cmd_stop() {
  local pid
  if ! pid=$(running_pid); then
    log "not running"
    rm -f "$PID_FILE"
    return
  fi
  kill "$pid"
  local waited=0
  while [ -d "/proc/$pid" ] && [ $waited -lt 120 ]; do
    sleep 0.5
    waited=$((waited + 1))
  done
  if [ -d "/proc/$pid" ]; then
    log "still running after 60 s: killing pid $pid"
    kill -9 "$pid"
  fi
  rm -f "$PID_FILE"
  log "stopped (pid $pid)"
}

cmd_status() {
  local pid
  if pid=$(running_pid); then
    local port
    port=$(cat "$PORT_FILE")
    if healthy "$port"; then
      log "running (pid $pid), healthy"
    else
      log "running (pid $pid), not healthy"
    fi
    print_url "$port"
  else
    log "not running"
    exit 3
  fi
}

case ${1:-} in
  start) shift && cmd_start "$@" ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  *) usage ;;
esac
