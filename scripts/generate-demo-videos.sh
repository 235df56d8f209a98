#!/usr/bin/env bash
# Regenerates the demo studio's 12 small local videos (6 s, 320x180, VP9 + Opus), committed under
# web/public/demo/videos so the demo plays offline. Needs ffmpeg (apt-get install ffmpeg).
set -euo pipefail
cd "$(dirname "$0")/.."
colors=(7048e8 e64980 12b886 fd7e14 228be6 be4bdb 15aabf fab005 fa5252 40c057 4c6ef5 f76707)
mkdir -p web/public/demo/videos
for i in $(seq 1 12); do
  c=${colors[$((i - 1))]}
  ffmpeg -loglevel error -y -f lavfi -i "color=c=0x$c:s=320x180:d=6:r=15" \
    -f lavfi -i "sine=frequency=$((220 + i * 20)):duration=6" \
    -vf "drawbox=x='mod(t*60,300)':y=70:w=20:h=40:color=white@0.8:t=fill" \
    -c:v libvpx-vp9 -b:v 60k -c:a libopus -b:a 24k -shortest "web/public/demo/videos/$i.webm"
done
