package dev.panbench.adapters.cpusimd.text;

/** A tokenizer as the {@code text/tokenize} rows use it: one line of text in, its token ids out. */
public interface TokenEncoder {

    /**
     * The ids of {@code line}, with the model's special tokens around them when {@code special} (BPE:
     * {@code <|endoftext|>} after; WordPiece: {@code [CLS]} before and {@code [SEP]} after; Unigram: {@code </s>} after).
     */
    int[] encode(String line, boolean special);
}
