package dev.panbench.adapters.cpusimd.text;

/** A tokenizer as the {@code text/tokenize} rows use it: one line of text in, its token ids out. */
public interface TokenEncoder {

    /**
     * The ids of {@code line}, with the model's special tokens around them when {@code special} (BPE:
     * {@code <|endoftext|>} after; WordPiece: {@code [CLS]} before and {@code [SEP]} after; Unigram: {@code </s>} after).
     */
    int[] encode(String line, boolean special);

    /**
     * Forgets the pieces it has seen (an encoder that keeps no cache has nothing to forget): each {@code text/tokenize}
     * operation starts from an empty cache, as {@code tiktoken}, which keeps none, always does.
     */
    default void clearCache() {
    }
}
