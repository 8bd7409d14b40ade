"""Re-encode a resvg PNG (RGBA, opaque) or a browser's screenshot (RGB) as an indexed PNG with its 256 commonest colours.

For the pictures committed under docs/ (see regenerate.sh); other colours map to the
nearest kept one, which only touches anti-aliased edges. Usage: png_palette.py IN OUT
"""
import struct, sys, zlib
from collections import Counter

def read(path):
    data = open(path, "rb").read()
    pos, idat = 8, b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8]); chunk = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR": w, h, depth, ctype = struct.unpack(">IIBB", chunk[:10])
        elif kind == b"IDAT": idat += chunk
        pos += 12 + n
    assert depth == 8 and ctype in (2, 6)
    bpp = 4 if ctype == 6 else 3
    raw, stride = zlib.decompress(idat), w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]; line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0; b = prev[i]; c = prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line)); prev = line
    return w, h, rows, bpp

def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)

def main(src, dst):
    w, h, rows, bpp = read(src)
    pix = [[tuple(r[i:i + 3]) for i in range(0, len(r), bpp)] for r in rows]
    counts = Counter(p for row in pix for p in row)
    top = [c for c, _ in counts.most_common(256)]
    index = {c: i for i, c in enumerate(top)}
    def near(c):
        return min(range(len(top)), key=lambda i: sum((x - y) ** 2 for x, y in zip(c, top[i])))
    cache = {}
    out = b""
    for row in pix:
        idx = bytearray()
        for p in row:
            if p in index: idx.append(index[p])
            else:
                if p not in cache: cache[p] = near(p)
                idx.append(cache[p])
        out += b"\x00" + bytes(idx)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0))
    png += chunk(b"PLTE", b"".join(bytes(c) for c in top)) + chunk(b"IDAT", zlib.compress(out, 9)) + chunk(b"IEND", b"")
    open(dst, "wb").write(png)

main(sys.argv[1], sys.argv[2])
