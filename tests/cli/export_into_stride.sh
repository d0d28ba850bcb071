#!/usr/bin/env bash
# `fxview export PRESET.json -o X.sdprefab` on a prefab written here (CRLF line ends, a comment):
# an unedited import gives the asset's bytes, an edited spawn rate changes exactly one line and
# reads back, the asset itself is written in place, a broken asset or a value Stride cannot hold
# is refused with exit 1 and nothing written, and an existing file that is not the asset is never
# replaced. Usage: export_into_stride.sh FXVIEW
set -u
bin=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
cd "$work" || exit 1

printf '%s\r\n' '!PrefabAsset' 'Id: 11111111-1111-1111-1111-111111111111' \
  'SerializedVersion: {Stride: 3.1.0.1}' '# a comment Stride never wrote' 'Hierarchy:' \
  '    Parts:' '        -   Entity:' '                Id: aaaaaaaa-0000-0000-0000-000000000001' \
  '                Name: Puff' '                Components:' \
  '                    9999aaaabbbbccccddddeeeeffff0000: !ParticleSystemComponent' \
  '                        ParticleSystem:' '                            Emitters:' \
  '                                e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0:' \
  '                                    ParticleLifetime: {X: 1.0, Y: 2.0}' \
  '                                    Spawners:' \
  '                                        51515151515151515151515151515151: !SpawnerPerSecond' \
  '                                            LoopCondition: Looping' \
  '                                            SpawnCount: 20.0' \
  '                                    Initializers: {}' '                                    Updaters: {}' >puff.sdprefab
cp puff.sdprefab original.sdprefab

"$bin" import puff.sdprefab -o puff.json 2>/dev/null || { echo "FAIL import"; exit 1; }
"$bin" export puff.json -o copy.sdprefab 2>log || { bad "unedited export: exit $?"; cat log; }
cmp -s puff.sdprefab copy.sdprefab || bad "unedited export differs from the asset"

sed 's/"particles_per_second": 20.0/"particles_per_second": 12.5/; s/"particles_per_second": 20/"particles_per_second": 12.5/' \
  puff.json >edited.json
"$bin" export edited.json -o puff.sdprefab 2>log || { bad "edited export: exit $?"; cat log; }
[ "$(diff original.sdprefab puff.sdprefab | grep -c '^[<>]')" = 2 ] || bad "edit changed more than one line"
grep -q $'SpawnCount: 12.5\r$' puff.sdprefab || bad "the edited line is not 'SpawnCount: 12.5' with its CRLF"
"$bin" import puff.sdprefab -o back.json 2>/dev/null || bad "re-import"
grep -q '"particles_per_second": 12.5' back.json || bad "12.5 does not read back"

# A value Stride cannot hold: exit 1, the asset as it was.
cp puff.sdprefab before.sdprefab
sed 's/"particles_per_second": 12.5/"particles_per_second": 1e39/' back.json >huge.json
"$bin" export huge.json -o puff.sdprefab 2>log && bad "1e39 accepted"
cmp -s before.sdprefab puff.sdprefab || bad "a refused export changed the asset"
[ -z "$(ls | grep '\.tmp')" ] || bad "a temporary file was left"

# A broken asset: exit 1 naming its line, nothing written.
sed 's/SpawnCount: 12.5/SpawnCount: lots/' puff.sdprefab >broken.sdprefab
sed 's/"puff.sdprefab"/"broken.sdprefab"/' back.json >names_broken.json
cp broken.sdprefab broken.orig
"$bin" export names_broken.json -o broken.sdprefab 2>log && bad "broken asset accepted"
grep -q 'broken.sdprefab:19:' log || { bad "the error does not name broken.sdprefab:19"; cat log; }
cmp -s broken.orig broken.sdprefab || bad "the broken asset was written"

# An existing file that is not the asset is never replaced.
echo keep >other.sdprefab
"$bin" export back.json -o other.sdprefab 2>log && bad "replaced another file"
[ "$(cat other.sdprefab)" = keep ] || bad "other.sdprefab changed"

[ "$fail" = 0 ] && echo "export into Stride assets: ok"
exit "$fail"
