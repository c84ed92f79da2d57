# Issue 39: python3 export2.py WEIGHTS.pkl OUT: fit.py's weights as the prover reads them
# ("group value weight" lines, the weight in thousandths, none for weight 0); then
# ship.py OUT data/go/move-predictor-5x5.txt adds the checksum line.
import pickle, sys
groups, vocab, w = pickle.load(open(sys.argv[1], 'rb'))
lines = []
for (g, value), i in vocab.items():
    k = int(round(w[i] * 1000))
    if k: lines.append((groups[g], value, k))
with open(sys.argv[2], 'w') as f:
    for g, value, k in sorted(lines): f.write('%s %d %d\n' % (g, value, k))
print(len(lines))
