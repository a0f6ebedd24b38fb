#!/usr/bin/env python3
"""Synthesises the game's sound effects as small mono WAV files.

Run from this folder: python3 make_sounds.py. Only the standard library is
used, so the sounds can be remade anywhere; a fixed seed keeps them the same.
"""
import math
import random
import struct
import wave

RATE = 22050
random.seed(1977)


def write(name, samples):
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = 0.85 / peak
    with wave.open(name, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(s * scale * 32767)) for s in samples))


def envelope(n, attack, decay):
    """Attack then exponential decay, both in seconds."""
    a = max(1, int(attack * RATE))
    return [min(1.0, i / a) * math.exp(-max(0, i - a) / (decay * RATE)) for i in range(n)]


def lowpass(samples, alpha):
    out, y = [], 0.0
    for s in samples:
        y += alpha * (s - y)
        out.append(y)
    return out


def clack(freq, length=0.16, noise=0.6):
    """A counter set down on wood: a short knock with a resonant body."""
    n = int(length * RATE)
    env = envelope(n, 0.001, 0.025)
    body = [math.sin(2 * math.pi * freq * i / RATE) + 0.5 * math.sin(2 * math.pi * freq * 2.7 * i / RATE) for i in range(n)]
    hiss = lowpass([random.uniform(-1, 1) for _ in range(n)], 0.35)
    return [env[i] * (body[i] + noise * hiss[i]) for i in range(n)]


def slide():
    """Felt over a board: filtered noise swelling and fading, then a soft stop."""
    n = int(0.24 * RATE)
    noise = lowpass([random.uniform(-1, 1) for _ in range(n)], 0.08)
    swell = [math.sin(math.pi * i / n) ** 1.5 for i in range(n)]
    stop = clack(520, 0.12, 0.3)
    out = [noise[i] * swell[i] * 0.9 for i in range(n)]
    return out + [0.55 * s for s in stop]


def draw():
    """A hand in a cloth bag: two rustles and a lift."""
    n = int(0.30 * RATE)
    out = []
    for i in range(n):
        t = i / n
        rustle = math.exp(-((t - 0.25) / 0.09) ** 2) + 0.7 * math.exp(-((t - 0.62) / 0.1) ** 2)
        out.append(random.uniform(-1, 1) * rustle)
    return lowpass(out, 0.25)


def refuse():
    """Two low, short buzzes."""
    out = []
    for k in range(2):
        n = int(0.09 * RATE)
        env = envelope(n, 0.005, 0.05)
        out += [env[i] * (math.sin(2 * math.pi * 150 * i / RATE) + 0.4 * math.sin(2 * math.pi * 300 * i / RATE)) for i in range(n)]
        out += [0.0] * int(0.05 * RATE)
    return lowpass(out, 0.5)


def tick():
    """A small bell for each run counted."""
    n = int(0.18 * RATE)
    env = envelope(n, 0.002, 0.05)
    return [env[i] * (math.sin(2 * math.pi * 1320 * i / RATE) + 0.3 * math.sin(2 * math.pi * 2640 * i / RATE)) for i in range(n)]


def fanfare():
    """A rising major arpeggio for the end of a match."""
    out = []
    for k, f in enumerate([523.25, 659.25, 783.99, 1046.5]):
        n = int((0.16 if k < 3 else 0.6) * RATE)
        env = envelope(n, 0.004, 0.09 if k < 3 else 0.35)
        out += [env[i] * (math.sin(2 * math.pi * f * i / RATE) + 0.35 * math.sin(2 * math.pi * 2 * f * i / RATE)) for i in range(n)]
    return out


write("place.wav", clack(380))
write("slide.wav", slide())
write("draw.wav", draw())
write("refuse.wav", refuse())
write("tick.wav", tick())
write("pass.wav", clack(900, 0.08, 0.1))
write("fanfare.wav", fanfare())
