#!/usr/bin/env bash
# Builds the Hyperswitch web SDK (juspay/hyperswitch-web) from its public source, outside this
# repository, for the `hyperswitch` subject of bench/cold-load.ts (docs/performance.md, "The
# Hyperswitch web SDK's row"). The built SDK is not part of this repository.
#
#   bench/build-hyperswitch-web.sh <hyperswitch-web repository> <output dir>
#
# <hyperswitch-web repository>: a git URL, a bare mirror or a clone of juspay/hyperswitch-web.
# Environment:
#   HYPERSWITCH_WEB_COMMIT  the commit to build (default eee69151, the one measured in docs/performance.md)
#   SDK_UTILS_REPO          juspay/hyperswitch-sdk-utils, the SDK's `shared-code` submodule: a git URL,
#                           a bare mirror or a clone (default https://github.com/juspay/hyperswitch-sdk-utils.git)
#
# Writes <output dir>/src (the work tree, with its node_modules) and <output dir>/sdk, the files a CDN
# would serve from the SDK's origin: web/<version>/v1/ (HyperLoader.js, index.html, app.js, its chunks,
# without source maps), assets/ (the sdk-utils assets the SDK fetches from its origin's root) and
# hyperswitch-bench.json (what bench/cold-load.ts needs to serve them). Then:
#
#   BENCH_HYPERSWITCH_DIR=<output dir>/sdk npx tsx bench/cold-load.ts
#
# The steps, and why each differs from the SDK's own `npm install && npm run build`:
# 1. Clone and check out the commit. Its `shared-code` submodule is cloned from SDK_UTILS_REPO. When
#    the commit it pins is not there (an offline mirror older than the pin), the newest web commits
#    that moved the pin past what the mirror has are reverted (printed), so the two match.
# 2. `npm ci --ignore-scripts`: the SDK's postinstall sets git hooks, updates the submodules from
#    GitHub and installs its React demo app; none of them is needed to build the SDK.
# 3. `npx rescript`: compiles the ReScript sources to .bs.js.
# 4. webpack with `sdkEnv=sandbox` (webpack's production mode: minified, React's production build),
#    the SDK's own origin (ENV_SDK_URL) and its default backend (ENV_BACKEND_URL) set to placeholders
#    that the bench replaces with its loopback origins when it serves the files; NODE_ENV is not
#    `production`, which only leaves out the subresource-integrity attributes (they would no longer
#    match once the origins are written in) and the bundle analyser's report.
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 <hyperswitch-web repository> <output dir>" >&2
  exit 64
fi
REPO=$1
OUT=$(mkdir -p "$2" && cd "$2" && pwd)
COMMIT=${HYPERSWITCH_WEB_COMMIT:-eee69151}
SDK_UTILS_REPO=${SDK_UTILS_REPO:-https://github.com/juspay/hyperswitch-sdk-utils.git}
# the placeholders the bench replaces (bench/hyperswitch-web.ts); .invalid never resolves
SDK_URL=http://hyperswitch-sdk.invalid
BACKEND_URL=http://hyperswitch-api.invalid
SRC=$OUT/src
git_=(git -c advice.detachedHead=false -c user.name=build -c user.email=build@localhost)

# 1. the source at the commit, and its shared-code
if [ ! -d "$SRC/.git" ]; then
  "${git_[@]}" clone --quiet "$REPO" "$SRC"
fi
cd "$SRC"
"${git_[@]}" reset --quiet --hard
"${git_[@]}" checkout --quiet "$COMMIT"
COMMIT=$(git rev-parse HEAD)
rm -rf shared-code
"${git_[@]}" clone --quiet "$SDK_UTILS_REPO" shared-code
has_commit() { git -C shared-code cat-file -e "$1^{commit}" 2>/dev/null; }
pin=$(git ls-tree HEAD shared-code | awk '{print $3}')
reverted=()
if ! has_commit "$pin"; then
  # the newest commit whose pin the sdk-utils repository has; revert the ones after it
  for commit in $(git log --format=%H HEAD -- shared-code); do
    pin=$(git ls-tree "$commit" shared-code | awk '{print $3}')
    if has_commit "$pin"; then break; fi
    reverted+=("$commit")
    pin=
  done
  if [ -z "$pin" ]; then
    echo "$SDK_UTILS_REPO has none of the sdk-utils commits hyperswitch-web pins" >&2
    exit 1
  fi
  echo "sdk-utils: the pinned commit is not in $SDK_UTILS_REPO; building with $pin and these hyperswitch-web commits reverted:"
  for commit in "${reverted[@]}"; do git log -1 --format='  %h %s' "$commit"; done
  "${git_[@]}" revert --no-commit "${reverted[@]}"
fi
"${git_[@]}" -C shared-code checkout --quiet "$pin"

# 2. dependencies, without the postinstall
nice -n 10 npm ci --ignore-scripts --no-audit --no-fund

# 3. ReScript
nice -n 10 npx rescript

# 4. webpack
nice -n 10 env sdkEnv=sandbox ENV_SDK_URL="$SDK_URL" ENV_BACKEND_URL="$BACKEND_URL" npx webpack --config webpack.common.js

# what the SDK's origin serves
version=$(node -p 'require("./package.json").version')
base=web/$version/v1
rm -rf "$OUT/sdk"
mkdir -p "$OUT/sdk/$base"
(cd dist/sandbox/v1 && find . -type f ! -name '*.map' -exec cp --parents {} "$OUT/sdk/$base/" \;)
cp -r shared-code/assets "$OUT/sdk/assets"
reverted_json=$(printf '%s\n' "${reverted[@]+"${reverted[@]}"}" | node -e 'console.log(JSON.stringify(require("fs").readFileSync(0, "utf8").split("\n").filter(Boolean)))')
cat > "$OUT/sdk/hyperswitch-bench.json" <<JSON
{
  "repository": "juspay/hyperswitch-web",
  "commit": "$COMMIT",
  "version": "$version",
  "sdkUtilsCommit": "$(git -C shared-code rev-parse HEAD)",
  "reverted": $reverted_json,
  "loader": "/$base/HyperLoader.js",
  "placeholders": { "sdkOrigin": "$SDK_URL", "backend": "$BACKEND_URL" }
}
JSON
echo "built: $OUT/sdk (BENCH_HYPERSWITCH_DIR=$OUT/sdk)"
