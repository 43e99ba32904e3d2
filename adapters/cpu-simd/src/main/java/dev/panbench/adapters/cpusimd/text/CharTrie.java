package dev.panbench.adapters.cpusimd.text;

import java.util.Arrays;

/**
 * The pieces of a vocabulary in a trie of UTF-16 units, for the Unigram lattice: from a position of a word, every
 * piece that starts there, shortest first. Nodes are arrays (child units sorted, found by binary search), built once.
 */
final class CharTrie {

    private char[][] labels = new char[1024][];
    private int[][] children = new int[1024][];
    private int[] value = new int[1024];
    private int nodes = 1;

    CharTrie() {
        Arrays.fill(value, -1);
        labels[0] = new char[0];
        children[0] = new int[0];
    }

    void put(String key, int id) {
        int node = 0;
        for (int i = 0; i < key.length(); i++) {
            node = child(node, key.charAt(i), true);
        }
        if (value[node] < 0) {
            value[node] = id;
        }
    }

    private int child(int node, char c, boolean create) {
        char[] l = labels[node];
        int at = Arrays.binarySearch(l, c);
        if (at >= 0) {
            return children[node][at];
        }
        if (!create) {
            return -1;
        }
        if (nodes == value.length) {
            int cap = nodes * 2;
            labels = Arrays.copyOf(labels, cap);
            children = Arrays.copyOf(children, cap);
            value = Arrays.copyOf(value, cap);
            Arrays.fill(value, nodes, cap, -1);
        }
        int fresh = nodes++;
        labels[fresh] = new char[0];
        children[fresh] = new int[0];
        int ins = -at - 1;
        char[] nl = new char[l.length + 1];
        int[] nc = new int[l.length + 1];
        System.arraycopy(l, 0, nl, 0, ins);
        System.arraycopy(children[node], 0, nc, 0, ins);
        nl[ins] = c;
        nc[ins] = fresh;
        System.arraycopy(l, ins, nl, ins + 1, l.length - ins);
        System.arraycopy(children[node], ins, nc, ins + 1, l.length - ins);
        labels[node] = nl;
        children[node] = nc;
        return fresh;
    }

    /**
     * The pieces that start at {@code from} of {@code s}, shortest first, as {@code length, id} pairs in
     * {@code hits} (grown when full is not needed: a piece is at most as long as the pieces put in); returns how many.
     */
    int prefixes(String s, int from, int[] hits) {
        int node = 0, count = 0;
        for (int i = from; i < s.length() && 2 * count + 1 < hits.length; i++) {
            node = child(node, s.charAt(i), false);
            if (node < 0) {
                break;
            }
            if (value[node] >= 0) {
                hits[2 * count] = i + 1 - from;
                hits[2 * count + 1] = value[node];
                count++;
            }
        }
        return count;
    }
}
