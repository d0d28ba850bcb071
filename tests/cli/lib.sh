# Small files the CLI tests write themselves, shared so each test does not carry its own copy.
# Source it after setting src (the checkout): . "$src/tests/cli/lib.sh"

# puff_prefab [EOL] [SPAWN_KEY]: a Stride prefab with one emitter spawning 20 particles a second,
# on stdout. EOL is the line ending ('\n' by default, '\r\n' for a Windows-saved asset);
# SPAWN_KEY names the spawner's count key (a typo such as SpawnCountt, for the reader's warning).
puff_prefab() {
  local eol=${1:-'\n'} key=${2:-SpawnCount}
  printf "%s$eol" '!PrefabAsset' 'Id: 11111111-1111-1111-1111-111111111111' \
    'SerializedVersion: {Stride: 3.1.0.1}' 'Hierarchy:' \
    '    Parts:' '        -   Entity:' '                Id: aaaaaaaa-0000-0000-0000-000000000001' \
    '                Name: Puff' '                Components:' \
    '                    9999aaaabbbbccccddddeeeeffff0000: !ParticleSystemComponent' \
    '                        ParticleSystem:' '                            Emitters:' \
    '                                e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0:' \
    '                                    ParticleLifetime: {X: 1.0, Y: 2.0}' \
    '                                    Spawners:' \
    '                                        51515151515151515151515151515151: !SpawnerPerSecond' \
    '                                            LoopCondition: Looping' \
    "                                            $key: 20.0" \
    '                                    Initializers: {}' '                                    Updaters: {}'
}

# white_bitmap FILE: a bitmap tag assembled byte by byte, one 1x1 white a8r8g8b8 page (a texture
# must have a page to draw). Header; root with processed pixel data 4 bytes (0x30) and one bitmap
# data entry (0x60); then the 4 pixel bytes and the 48-byte entry (bitm, 1x1x1, 2d, format 11).
white_bitmap() {
  {
    printf '%.0s\0' $(seq 36)
    printf 'bitm\0\0\0\0\0\0\0\x40\0\0\0\0\0\0\0\0\0\x07\0\xffblam'
    printf '%.0s\0' $(seq 48)
    printf '\0\0\0\x04'
    printf '%.0s\0' $(seq 44)
    printf '\0\0\0\x01'
    printf '%.0s\0' $(seq 8)
    printf '\xff\xff\xff\xff'
    printf 'bitm\0\x01\0\x01\0\x01\0\0\0\x0b'
    printf '%.0s\0' $(seq 34)
  } > "$1"
}
