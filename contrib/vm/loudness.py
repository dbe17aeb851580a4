#!/usr/bin/env python3
"""How loud a recording is, for the VM suite's speech check: the RMS level of each 50 ms window
of a 16- or 32-bit WAV file, all channels together, on a 16-bit scale (full scale 32767).

Usage: loudness.py FILE.wav
Prints "seconds S", "silence-rms R" (the loudest window of the first second and a half,
before anything was said), "max-rms R", and
"loud-windows N" (windows above 300, a level no silent or near-silent line reaches)."""

import array
import math
import sys
import wave

LOUD = 300

with wave.open(sys.argv[1]) as recording:
    rate, channels, width = recording.getframerate(), recording.getnchannels(), recording.getsampwidth()
    if width not in (2, 4):
        sys.exit(f"neither 16- nor 32-bit: {width * 8} bits")
    samples = array.array("h" if width == 2 else "i", recording.readframes(recording.getnframes()))
if sys.byteorder != "little":
    samples.byteswap()
if width == 4:
    samples = [sample / 65536 for sample in samples]
window = rate * channels // 20
levels = [
    math.sqrt(sum(s * s for s in samples[i : i + window]) / window) for i in range(0, len(samples) - window + 1, window)
]
print(f"seconds {len(samples) / (rate * channels):.2f}")
print(f"silence-rms {max(levels[:30], default=0):.0f}")
print(f"max-rms {max(levels, default=0):.0f}")
print(f"loud-windows {sum(level > LOUD for level in levels)}")
# The level of each half second, to read what was recorded when.
print("profile", " ".join(f"{max(levels[i : i + 10]):.0f}" for i in range(0, len(levels), 10)))
