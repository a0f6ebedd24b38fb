#!/usr/bin/env python3
"""Synthesises the game's sound effects and its two music loops as mono WAV files.

Run from this folder: python3 make_sounds.py. Only the standard library is
used, so the sounds can be remade anywhere; a fixed seed keeps them the same.
The music loops are rendered so that their ends meet: a note still sounding
at the end of the loop carries on at its start.
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


def focus():
    """A soft wooden tick when the focus moves in a menu."""
    return clack(1400, 0.05, 0.15)


def confirm():
    """Two quick rising notes when a menu choice is made."""
    out = []
    for f in (660.0, 990.0):
        n = int(0.07 * RATE)
        env = envelope(n, 0.002, 0.03)
        out += [env[i] * (math.sin(2 * math.pi * f * i / RATE) + 0.25 * math.sin(4 * math.pi * f * i / RATE)) for i in range(n)]
    return out


def chime():
    """A bright sparkle for a line of 20 or more in the count."""
    n = int(0.9 * RATE)
    out = [0.0] * n
    for k, f in enumerate([1046.5, 1318.5, 1568.0, 2093.0]):
        start = int(k * 0.06 * RATE)
        env = envelope(n - start, 0.002, 0.25)
        for i in range(n - start):
            out[start + i] += env[i] * math.sin(2 * math.pi * f * i / RATE)
    return out


def note(freq, length, kind):
    """One voice of the music: a soft pad, a plucked bar or a low bass."""
    n = int(length * RATE)
    if kind == "pad":
        a = int(0.6 * RATE)
        env = [min(1.0, i / a) * min(1.0, (n - i) / a) for i in range(n)]
        return [0.22 * env[i] * (math.sin(2 * math.pi * freq * i / RATE) + 0.3 * math.sin(2 * math.pi * freq * 2.003 * i / RATE)) for i in range(n)]
    if kind == "bass":
        env = envelope(n, 0.02, 0.9)
        return [0.3 * env[i] * math.sin(2 * math.pi * freq * i / RATE) for i in range(n)]
    env = envelope(n, 0.003, 0.35)
    return [0.28 * env[i] * (math.sin(2 * math.pi * freq * i / RATE) + 0.4 * math.sin(2 * math.pi * freq * 4.0 * i / RATE) * math.exp(-i / (0.05 * RATE))) for i in range(n)]


def render_loop(seconds, events):
    """Mixes (start, freq, length, kind) events into a loop whose ends meet."""
    n = int(seconds * RATE)
    out = [0.0] * n
    for start, freq, length, kind in events:
        s0 = int(start * RATE)
        for i, v in enumerate(note(freq, length, kind)):
            out[(s0 + i) % n] += v
    return lowpass(out, 0.5)


def hz(semitones_from_a4):
    return 440.0 * 2 ** (semitones_from_a4 / 12)


def menu_music():
    """Slow pads through A minor, F, C and G with a gentle arpeggio: 24 s."""
    chords = [[-12, -9, -5, 0], [-16, -12, -9, -4], [-21, -17, -14, -9], [-14, -10, -7, -2]]
    events = []
    for bar, chord in enumerate(chords):
        t = bar * 6.0
        events.append((t, hz(chord[0] - 12), 6.0, "bass"))
        for s in chord[1:]:
            events.append((t, hz(s), 6.2, "pad"))
        for k in range(8):
            events.append((t + 0.75 * k, hz(chord[k % 4] + 12), 1.2, "pluck"))
    return render_loop(24.0, events)


def play_music():
    """Sparse plucked bars on a pentatonic line over a low drone: 24 s."""
    scale = [-9, -7, -5, -2, 0, 3, 5]
    pattern = [0, 2, 4, 3, 1, 4, 6, 5, 2, 0, 3, 1, 4, 2, 5, 3]
    events = [(0.0, hz(-33), 12.0, "pad"), (12.0, hz(-31), 12.0, "pad")]
    for k, step in enumerate(pattern):
        events.append((k * 1.5, hz(scale[step]), 1.4, "pluck"))
        if k % 4 == 0:
            events.append((k * 1.5, hz(scale[step] - 24), 2.5, "bass"))
    return render_loop(24.0, events)


write("place.wav", clack(380))
write("slide.wav", slide())
write("draw.wav", draw())
write("refuse.wav", refuse())
write("tick.wav", tick())
write("pass.wav", clack(900, 0.08, 0.1))
write("fanfare.wav", fanfare())
write("focus.wav", focus())
write("confirm.wav", confirm())
write("chime.wav", chime())
write("menu_music.wav", menu_music())
write("play_music.wav", play_music())
