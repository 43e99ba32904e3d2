"""Writes text/tokenize's fixtures: the corpus, three vocabularies trained on it, and the tokenizers package's ids.

The corpus is CPython's pydoc_data/topics.py (the help topics' text, present wherever Python is): the topics in
sorted order joined by newlines, cut into lines, blank lines left out. Three tokenizers are trained on it with the
tokenizers package's trainers, settings fixed here. The BPE comes out the same every time; the WordPiece and Unigram
trainers break ties in hash order, so their files can differ from one training to the next: the files are written
once per corpus and tokenizers version and every backend reads those.
  bpe        byte-level BPE as GPT-2's (ByteLevel pre-tokenizer with GPT-2's pattern, no prefix space), 8,000 tokens,
             <|endoftext|> its special token: vocab.json + merges.txt
  wordpiece  BERT's (BertNormalizer: clean text, CJK split, lower-case, accents stripped; BertPreTokenizer; ##
             continuations), 8,000 tokens: vocab.txt
  unigram    SentencePiece's (Metaspace pre-tokenizer, U+2581 prepended), 8,000 pieces: unigram.json (the model's
             pieces and log-probabilities as tokenizers saves them)
Each also as tokenizer.json (what the hf rows load). The reference: every line's ids from Tokenizer.encode of that
file read back, without and with the special tokens (BPE: <|endoftext|> appended; WordPiece: [CLS] ... [SEP]; Unigram:
</s> appended), as little-endian int32, per line its count then its ids.

Usage: tokenize_fixtures.py DIR. Prints one JSON line: {"dir", "lines", "bytes", "tokenizers", "python", ...}.
Everything is written into DIR/python-<version>-tokenizers-<version>-format<FORMAT>/ and found there the next time.
"""
import json
import os
import sys
import time

VOCAB = 8000
# in the folder's name: a fixture written by an earlier version of this script is not read as this one's
FORMAT = 2
MODELS = ("bpe", "wordpiece", "unigram")


def corpus_lines():
    import pydoc_data.topics as t
    text = "\n".join(t.topics[k] for k in sorted(t.topics))
    return [line for line in text.split("\n") if line.strip()]


def train_bpe(lines):
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors, trainers
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=VOCAB, min_frequency=2, show_progress=False,
                                  special_tokens=["<|endoftext|>"],
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(lines, trainer)
    eot = tok.token_to_id("<|endoftext|>")
    tok.post_processor = processors.TemplateProcessing(single="$A <|endoftext|>",
                                                       special_tokens=[("<|endoftext|>", eot)])
    return tok


def train_wordpiece(lines):
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, processors, trainers
    tok = Tokenizer(models.WordPiece(unk_token="[UNK]", max_input_chars_per_word=100))
    tok.normalizer = normalizers.BertNormalizer(clean_text=True, handle_chinese_chars=True, strip_accents=True,
                                                lowercase=True)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.decoder = decoders.WordPiece()
    trainer = trainers.WordPieceTrainer(vocab_size=VOCAB, min_frequency=2, show_progress=False,
                                        special_tokens=["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"])
    tok.train_from_iterator(lines, trainer)
    tok.post_processor = processors.BertProcessing(("[SEP]", tok.token_to_id("[SEP]")),
                                                   ("[CLS]", tok.token_to_id("[CLS]")))
    return tok


def exact_scores(tok):
    """The Unigram model with every log-probability rounded to 12 decimals. Two segmentations of a line into the
    same pieces in another order ("=" "==" against "==" "=") score the same but for the rounding of their running
    sums, so which one wins hangs on the scores' last bits. tokenizers reads its own JSON back without correct
    rounding, and its reloaded model split 14 of 8,716 lines otherwise than the trained one; a score of 13 or 14
    significant digits is read exactly by tokenizers' parser as by a correctly rounding one (a whole number below 2^53
    divided by a power of ten), so the saved model and every backend's copy hold the same doubles."""
    from tokenizers import Tokenizer
    spec = json.loads(tok.to_str())
    spec["model"]["vocab"] = [[piece, round(score, 12)] for piece, score in spec["model"]["vocab"]]
    return Tokenizer.from_str(json.dumps(spec, ensure_ascii=False))


def train_unigram(lines):
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors, trainers
    tok = Tokenizer(models.Unigram())
    tok.pre_tokenizer = pre_tokenizers.Metaspace(replacement="\u2581", prepend_scheme="always", split=True)
    tok.decoder = decoders.Metaspace(replacement="\u2581", prepend_scheme="always", split=True)
    trainer = trainers.UnigramTrainer(vocab_size=VOCAB, show_progress=False, unk_token="<unk>",
                                      special_tokens=["<unk>", "<s>", "</s>"], max_piece_length=16)
    tok.train_from_iterator(lines, trainer)
    tok.post_processor = processors.TemplateProcessing(single="$A </s>",
                                                       special_tokens=[("</s>", tok.token_to_id("</s>"))])
    return tok


def write_ids(path, encodings):
    import array
    out = array.array("i")
    for e in encodings:
        out.append(len(e.ids))
        out.extend(e.ids)
    if sys.byteorder != "little":
        out.byteswap()
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        out.tofile(f)
    os.replace(tmp, path)


def build(dest, lines):
    from tokenizers import Tokenizer
    os.makedirs(dest, exist_ok=True)
    with open(os.path.join(dest, "corpus.txt"), "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines) + "\n")
    seconds = {}
    for name, train in (("bpe", train_bpe), ("wordpiece", train_wordpiece), ("unigram", train_unigram)):
        start = time.perf_counter()
        tok = train(lines)
        seconds[name] = round(time.perf_counter() - start, 3)
        d = os.path.join(dest, name)
        os.makedirs(d, exist_ok=True)
        if name == "unigram":
            tok = exact_scores(tok)
        tok.save(os.path.join(d, "tokenizer.json"))
        # the reference comes from the file every backend loads, not from the trainer's own model
        tok = Tokenizer.from_file(os.path.join(d, "tokenizer.json"))
        if name == "unigram":
            model = json.loads(tok.to_str())["model"]
            with open(os.path.join(d, "unigram.json"), "w", encoding="utf-8") as f:
                json.dump(model, f, ensure_ascii=False)
        else:
            tok.model.save(d)
        write_ids(os.path.join(d, "ids-no.bin"), tok.encode_batch(lines, add_special_tokens=False))
        write_ids(os.path.join(d, "ids-yes.bin"), tok.encode_batch(lines, add_special_tokens=True))
    return seconds


def main():
    root = sys.argv[1]
    try:
        import tokenizers
    except ImportError as e:
        print(json.dumps({"skipped": f"tokenizers is not importable in {sys.executable}: {e}"}))
        return 0
    python = ".".join(map(str, sys.version_info[:3]))
    dest = os.path.join(root, f"python-{python}-tokenizers-{tokenizers.__version__}-format{FORMAT}")
    done = os.path.join(dest, "fixtures.json")
    if not os.path.exists(done):
        lines = corpus_lines()
        tmp = dest + ".tmp-" + str(os.getpid())
        seconds = build(tmp, lines)
        facts = {"python": python, "tokenizers": tokenizers.__version__, "lines": len(lines),
                 "bytes": sum(len(line.encode("utf-8")) for line in lines), "vocab": VOCAB,
                 "trainSeconds": seconds}
        with open(os.path.join(tmp, "fixtures.json"), "w", encoding="utf-8") as f:
            json.dump(facts, f)
        try:
            os.rename(tmp, dest)
        except OSError:  # another process finished first: its files are the same
            import shutil
            shutil.rmtree(tmp, ignore_errors=True)
    with open(done, encoding="utf-8") as f:
        facts = json.load(f)
    facts["dir"] = dest
    print(json.dumps(facts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
