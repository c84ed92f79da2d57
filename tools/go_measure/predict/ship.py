# Issue 39: python3 ship.py TABLE OUT: the learned table (export.py) as the
# prover loads it (src/search/go/move_predictor.h): its "key rate" lines, then
# "fnv1a64 HEX", the FNV-1a 64 of the text before that line.
import sys
text = open(sys.argv[1]).read()
if not text.endswith('\n'):
    text += '\n'
h = 14695981039346656037
for b in text.encode():
    h = ((h ^ b) * 1099511628211) % (1 << 64)
open(sys.argv[2], 'w').write(text + 'fnv1a64 %016x\n' % h)
