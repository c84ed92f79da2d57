# Issue 39 experiment: python3 export.py OUT TRAIN,TRAIN [TEST...]: the learned table for GO_PREDICT_TABLE.
import rules, sys
keyf = rules.KEYS['pattern+cap+atari+selfatari+weaklib+oppcap']
def pack(x):
    k = 0
    for i, v in enumerate(x['pat']): k |= v << (2 * i)
    return k | min(x['cap'], 3) << 16 | x['atari'] << 18 | int(x['selfatari']) << 19 | int(x['weaklib']) << 20 | int(x['oppcap'] > 0) << 21
train = rules.load(sys.argv[2].split(','))
tab = rules.learn(train, pack)
with open(sys.argv[1], 'w') as f:
    for k, v in sorted(tab.items()): f.write('%d %d\n' % (k, int(v * 1e6)))
print(len(train), len(tab))
for tn in sys.argv[3:]:
    rows = rules.load([tn]); right = sum(rules.pick(f, lambda x: tab.get(pack(x), 0.0)) == mv for n, mv, f, ml in rows)
    print(tn, right / len(rows))
