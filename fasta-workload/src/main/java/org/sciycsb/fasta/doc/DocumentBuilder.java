package org.sciycsb.fasta.doc;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.sciycsb.fasta.m10.Alignment;
import org.sciycsb.fasta.m10.ParseProblems;
import org.sciycsb.fasta.m10.QueryHeader;
import org.sciycsb.fasta.m10.SeqBlock;
import org.sciycsb.fasta.m10.SsearchHandler;
import org.sciycsb.fasta.m10.SsearchParser;

/**
 * Turns parsed ssearch36 output into seed 001's four document types (listing 4.3) and hands them to a
 * {@link DocumentSink}: one {@code task} per query, then per alignment its {@code rna}, {@code gs} and
 * {@code align} documents. Compact JSON, short keys as in the seed, ids from {@link Ids}:
 *
 * <pre>
 * task  {"_id":ID,"src":FILE,"qi":QUERY_INDEX,"q":QUERY,"ql":LEN,"qt":"nt|aa","lib":LIBRARY,"pg_name":...,...}
 * rna   {"_id":ID,"ti":TASK_ID,"b":AL_START,"e":AL_STOP,"l":LENGTH,"s":SEQUENCE}
 * gs    {"_id":ID,"ti":TASK_ID,"h":HIT,"b":AL_START,"e":AL_STOP,"l":LENGTH,"s":SEQUENCE}
 * align {"_id":ID,"ti":TASK_ID,"rna":RNA_ID,"gs":GS_ID,"f":FRAME,"s_w":SW_OPT,"sc":SCORE,"b":BITS,"e":EXPECT,
 *        "z":Z_SCORE,"i":IDENT,"si":SIM,"o":OVERLAP}
 * </pre>
 *
 * <p>{@code task} holds every {@code pg_*} and {@code mp_*} field under its own name. {@code b} and {@code e} are the
 * block's {@code al_start} and {@code al_stop} ({@code b > e} on the reverse strand), {@code l} = |e - b| + 1,
 * {@code s} the displayed aligned sequence with its gaps, {@code h} the hit's whole {@code >>} description. Decimal
 * scores are copied as ssearch36 printed them (valid JSON numbers, no float round trip).
 *
 * <p>Not thread-safe: one builder per worker; {@link #reset(String)} before each input.
 */
public final class DocumentBuilder implements SsearchHandler {
  private static final byte[] ID = JsonOut.key("_id", true);
  private static final byte[] SRC = JsonOut.key("src", false);
  private static final byte[] QI = JsonOut.key("qi", false);
  private static final byte[] Q = JsonOut.key("q", false);
  private static final byte[] QL = JsonOut.key("ql", false);
  private static final byte[] QT = JsonOut.key("qt", false);
  private static final byte[] LIB = JsonOut.key("lib", false);
  private static final byte[] TI = JsonOut.key("ti", false);
  private static final byte[] H = JsonOut.key("h", false);
  private static final byte[] B = JsonOut.key("b", false);
  private static final byte[] E = JsonOut.key("e", false);
  private static final byte[] L = JsonOut.key("l", false);
  private static final byte[] S = JsonOut.key("s", false);
  private static final byte[] RNA = JsonOut.key("rna", false);
  private static final byte[] GS = JsonOut.key("gs", false);
  private static final byte[] F = JsonOut.key("f", false);
  private static final byte[] SW = JsonOut.key("s_w", false);
  private static final byte[] SC = JsonOut.key("sc", false);
  private static final byte[] Z = JsonOut.key("z", false);
  private static final byte[] I = JsonOut.key("i", false);
  private static final byte[] SI = JsonOut.key("si", false);
  private static final byte[] O = JsonOut.key("o", false);

  private final DocumentSink sink;
  private final JsonOut out = new JsonOut();
  private String source;
  private long sourceHash;
  private long taskId;
  private long documents;

  public DocumentBuilder(DocumentSink sink) {
    this.sink = sink;
  }

  /** Starts a new input: ids derive from its name (the file name, as given to the parser). */
  public DocumentBuilder reset(String sourceName) {
    this.source = sourceName;
    this.sourceHash = Ids.sourceHash(sourceName);
    return this;
  }

  /** Documents made since construction. */
  public long documents() {
    return documents;
  }

  /** Parses {@code file} with {@code parser} and sends its documents to this builder's sink. */
  public ParseProblems parse(SsearchParser parser, Path file) throws IOException {
    reset(file.getFileName().toString());
    return parser.parseFile(file, this);
  }

  @Override
  public void query(QueryHeader h) {
    if (!h.source().equals(source)) {
      reset(h.source());
    }
    taskId = Ids.id(sourceHash, h.index(), DocType.TASK);
    JsonOut o = out;
    o.reset();
    o.raw(ID).hexId(taskId);
    o.raw(SRC).string(h.source());
    o.raw(QI).number(h.index());
    o.raw(Q).string(h.name());
    o.raw(QL).number(h.length());
    o.raw(QT).string(h.unit());
    o.raw(LIB).string(h.library());
    for (Map.Entry<String, String> f : h.fields().entrySet()) {
      o.raw(JsonOut.key(f.getKey(), false)).string(f.getValue());
    }
    o.close();
    emit(DocType.TASK);
  }

  @Override
  public void alignment(QueryHeader h, Alignment a) {
    long pos = a.ordinal();
    long rnaId = Ids.id(sourceHash, pos, DocType.RNA);
    long gsId = Ids.id(sourceHash, pos, DocType.GS);
    long alignId = Ids.id(sourceHash, pos, DocType.ALIGN);
    JsonOut o = out;

    o.reset();
    o.raw(ID).hexId(rnaId);
    o.raw(TI).hexId(taskId);
    fragment(o, a.query());
    emit(DocType.RNA);

    o.reset();
    o.raw(ID).hexId(gsId);
    o.raw(TI).hexId(taskId);
    o.raw(H).string(a.hitDescription());
    fragment(o, a.hit());
    emit(DocType.GS);

    o.reset();
    o.raw(ID).hexId(alignId);
    o.raw(TI).hexId(taskId);
    o.raw(RNA).hexId(rnaId);
    o.raw(GS).hexId(gsId);
    o.raw(F).quotedChar(a.frame());
    o.raw(SW).number(a.swOpt());
    o.raw(SC).number(a.score());
    o.raw(B).raw(a.bits());
    o.raw(E).raw(a.expect());
    o.raw(Z).raw(a.zScore());
    o.raw(I).raw(a.ident());
    o.raw(SI).raw(a.sim());
    o.raw(O).number(a.overlap());
    o.close();
    emit(DocType.ALIGN);
  }

  private static void fragment(JsonOut o, SeqBlock s) {
    o.raw(B).number(s.alStart());
    o.raw(E).number(s.alStop());
    o.raw(L).number(s.alignedLength());
    o.raw(S).quotedSafe(s.sequenceBytes(), 0, s.sequenceLength()); // checked by the parser: letters, - and *
    o.close();
  }

  /** Hands the document in {@code out} to the sink; returns its id (the 16 hex digits after {"_id":"). */
  private String emit(DocType type) {
    documents++;
    String id = out.asciiAt(ID.length + 1, 16);
    sink.accept(new Document(type, id, out.toByteArray()));
    return id;
  }
}
