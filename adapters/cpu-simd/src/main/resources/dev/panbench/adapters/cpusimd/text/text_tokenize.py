"""text/tokenize's framework rows for panbench's Python driver (panbench_driver.py).

prepare("text.tokenize", args, inputs) returns (call, answer): call() encodes every line once, as panbench's Java
rows do, and returns the ids as Python lists; answer() is each line's count then its ids, which panbench checks
against the tokenizers package's ids it wrote with the fixtures. args: impl (hf: Tokenizer.encode line by line;
hf-batch64 and hf-batch64-parallel: Tokenizer.encode_batch of 64 lines, parallelism as TOKENIZERS_PARALLELISM and
RAYON_NUM_THREADS say; tiktoken: tiktoken.Encoding built from the BPE's vocab.json with GPT-2's pattern), model,
special (add the special tokens), lines (the corpus's first lines), fixtures (the folder panbench wrote).
"""
import json
import os

GPT2_PATTERN = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""
BATCH = 64


def prepare(op, args, inputs):
    if op != "text.tokenize":
        raise ValueError("unknown op " + op)
    fixtures, model, impl = args["fixtures"], args["model"], args["impl"]
    special = bool(args["special"])
    with open(os.path.join(fixtures, "corpus.txt"), encoding="utf-8", newline="") as f:
        lines = f.read().split("\n")[:int(args["lines"])]
    if impl == "tiktoken":
        call = _tiktoken(os.path.join(fixtures, model), lines, special)
    elif impl.startswith("hf"):
        call = _hf(os.path.join(fixtures, model, "tokenizer.json"), lines, special, impl != "hf")
    else:
        raise ValueError("unknown impl " + impl)

    def answer():
        out = []
        for ids in call():
            out.append(len(ids))
            out.extend(ids)
        return out
    return call, answer


def _hf(path, lines, special, batched):
    import tokenizers
    tok = tokenizers.Tokenizer.from_file(path)
    # every call from an empty cache of pieces, as panbench's Java encoders and tiktoken (which keeps none) run;
    # the package's WordPiece keeps none either
    clear = getattr(tok.model, "_clear_cache", lambda: None)
    if not batched:
        encode = tok.encode

        def call():
            clear()
            return [encode(line, add_special_tokens=special).ids for line in lines]
        return call
    batches = [lines[i:i + BATCH] for i in range(0, len(lines), BATCH)]
    encode_batch = tok.encode_batch

    def call_batched():
        clear()
        return [e.ids for b in batches for e in encode_batch(b, add_special_tokens=special)]
    return call_batched


def gpt2_bytes_to_unicode():
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("\u00a1"), ord("\u00ac") + 1)) \
        + list(range(ord("\u00ae"), ord("\u00ff") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return {chr(c): b for b, c in zip(bs, cs)}


def _tiktoken(folder, lines, special):
    import tiktoken
    with open(os.path.join(folder, "vocab.json"), encoding="utf-8") as f:
        vocab = json.load(f)
    eot = vocab.pop("<|endoftext|>")
    to_byte = gpt2_bytes_to_unicode()
    ranks = {bytes(to_byte[ch] for ch in token): i for token, i in vocab.items()}
    enc = tiktoken.Encoding("panbench-bpe", pat_str=GPT2_PATTERN, mergeable_ranks=ranks,
                            special_tokens={"<|endoftext|>": eot})
    encode = enc.encode_ordinary
    if special:
        return lambda: [encode(line) + [eot] for line in lines]
    return lambda: [encode(line) for line in lines]


def environment():
    env = {"TOKENIZERS_PARALLELISM": os.environ.get("TOKENIZERS_PARALLELISM", ""),
           "RAYON_NUM_THREADS": os.environ.get("RAYON_NUM_THREADS", "")}
    for name in ("tokenizers", "tiktoken"):
        try:
            module = __import__(name)
            env[name] = getattr(module, "__version__", "")
        except ImportError:
            pass
    return env
