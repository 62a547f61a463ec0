#!/usr/bin/env python3
"""Reference sentence embeddings of a BERT-family safetensors model, written with numpy and the
`tokenizers` package only (no torch, no candle): the independent check of the neural embedder
(host/src/search/neural.rs, whose unit test compares with figures this script printed).
Mean pooling over the tokens, L2-normalised, first 256 tokens.
Usage: python3 scripts/embed-reference.py MODEL_DIR TEXTS.json  (a JSON list of strings)
Needs: pip install numpy tokenizers"""
import json, struct, sys, math
import numpy as np
from tokenizers import Tokenizer
d = sys.argv[1]
texts = json.load(open(sys.argv[2]))
raw = open(f"{d}/model.safetensors", "rb").read()
n = struct.unpack("<Q", raw[:8])[0]
hdr = json.loads(raw[8:8+n]); base = 8+n
W = {}
for k, v in hdr.items():
    if k == "__metadata__": continue
    a, b = v["data_offsets"]
    if v["dtype"] != "F32": continue
    W[k] = np.frombuffer(raw[base+a:base+b], dtype=np.float32).reshape(v["shape"])
cfg = json.load(open(f"{d}/config.json"))
H, L, nh = cfg["hidden_size"], cfg["num_hidden_layers"], cfg["num_attention_heads"]
eps = cfg["layer_norm_eps"]
tok = Tokenizer.from_file(f"{d}/tokenizer.json"); tok.no_truncation(); tok.no_padding()
def ln(x, p): 
    m = x.mean(-1, keepdims=True); v = ((x-m)**2).mean(-1, keepdims=True)
    return (x-m)/np.sqrt(v+eps)*W[p+".weight"]+W[p+".bias"]
from math import erf
verf = np.vectorize(erf)
def gelu(x): return 0.5*x*(1+verf(x/math.sqrt(2)))
def lin(x, p): return x @ W[p+".weight"].T + W[p+".bias"]
out = []
for t in texts:
    ids = tok.encode(t, add_special_tokens=True).ids[:256]
    if len(ids) == 256: pass
    x = W["embeddings.word_embeddings.weight"][ids] + W["embeddings.position_embeddings.weight"][:len(ids)] + W["embeddings.token_type_embeddings.weight"][0]
    x = ln(x, "embeddings.LayerNorm")
    hd = H//nh
    for i in range(L):
        p = f"encoder.layer.{i}."
        q = lin(x, p+"attention.self.query").reshape(-1, nh, hd).transpose(1,0,2)
        k = lin(x, p+"attention.self.key").reshape(-1, nh, hd).transpose(1,0,2)
        v = lin(x, p+"attention.self.value").reshape(-1, nh, hd).transpose(1,0,2)
        s = q @ k.transpose(0,2,1) / math.sqrt(hd)
        s = np.exp(s - s.max(-1, keepdims=True)); s /= s.sum(-1, keepdims=True)
        c = (s @ v).transpose(1,0,2).reshape(-1, H)
        x = ln(lin(c, p+"attention.output.dense") + x, p+"attention.output.LayerNorm")
        h = gelu(lin(x, p+"intermediate.dense"))
        x = ln(lin(h, p+"output.dense") + x, p+"output.LayerNorm")
    m = x.mean(0); m /= np.linalg.norm(m)
    out.append([float(f) for f in m])
json.dump(out, sys.stdout)
