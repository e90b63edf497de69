package org.sciycsb.fasta.doc;

import java.nio.charset.StandardCharsets;

/**
 * Document ids: 64-bit, written as 16 lower-case hex digits, a deterministic function of the input's name, the
 * position in it (query index for task documents, alignment ordinal for the others) and the document type. The same
 * input always gives the same ids (reruns and the read phase can recompute them); consecutive documents get
 * scattered ids, so range-partitioned stores (MongoDB shards on {@code _id}) spread the writes instead of hitting
 * one chunk, as seed 001's ObjectIds did. Within one input ids are distinct by construction (a bijective mix of
 * distinct keys); across inputs a collision needs two equal 64-bit hashes.
 */
public final class Ids {
  private Ids() {
  }

  /** 64-bit FNV-1a of the source name's UTF-8 bytes, finalised. */
  public static long sourceHash(String source) {
    long h = 0xcbf29ce484222325L;
    for (byte b : source.getBytes(StandardCharsets.UTF_8)) {
      h ^= (b & 0xff);
      h *= 0x100000001b3L;
    }
    return mix(h);
  }

  /** The id of the document of {@code type} at {@code position} of the source with {@code sourceHash}. */
  public static long id(long sourceHash, long position, DocType type) {
    long key = (position << 2) | type.ordinal();
    return mix(sourceHash + key * 0x9E3779B97F4A7C15L);
  }

  /** 16 lower-case hex digits. */
  public static String hex(long id) {
    byte[] b = new byte[16];
    JsonOut.writeHex(id, b, 0);
    return new String(b, StandardCharsets.ISO_8859_1);
  }

  /** SplitMix64's finaliser: a bijection of 64-bit values with good avalanche. */
  public static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
