#!/bin/sh
# The README's screenshots (tools/docs/readme/*.png): the same three key scripts
# on each screen size, seed 4, with the headless simulator.
# Run from the repository root: sh tools/docs/readme_shots.sh [OUTDIR]
# (OUTDIR defaults to tools/docs/readme; give another to compare shots).
set -e
out=${1:-tools/docs/readme}
export SDL_VIDEODRIVER=dummy
shoot() {  # $1 prefix of the shot names, $2 scale, then host_sim options
    p=$1
    s=$2
    shift 2
    for keys in "SHOT:${p}title A A A A SHOT:${p}clubbed" \
                "RIGHT A A A A A A A A A A A A A SHOT:${p}klaberjass" \
                "RIGHTx2 A A A A A A A A A A A SHOT:${p}clubs"; do
        .venv/bin/python -m host_sim --mode headless --seed 4 --scale "$s" --no-final \
            --shots "$out" "$@" --keys "$keys"
    done
}
shoot "" 2
shoot oled_ 3 --board oled_ssd1306_128x64
shoot square_ 1 --board waveshare_pico_lcd_1_3
