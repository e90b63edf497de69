package org.sciycsb.bindings;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.sciycsb.api.Secrets;
import site.ycsb.ByteIterator;

/**
 * {@code basicdb.verbose=true}: upstream BasicDB's lines on stdout, the properties a thread's DB starts with (secret
 * values masked) and one line per operation: {@code READ table key [ f1 f2 ]} ({@code <all fields>} when all are
 * read), {@code SCAN table key length [ ... ]}, {@code UPDATE} and {@code INSERT} with {@code field=value} pairs,
 * {@code DELETE table key}.
 */
final class BasicVerbose {
  private BasicVerbose() {}

  static void properties(Map<String, String> props) {
    StringBuilder b = new StringBuilder("***************** properties *****************\n");
    for (Map.Entry<String, String> e : new TreeMap<>(props).entrySet()) {
      String v = Secrets.looksSecret(e.getKey()) ? Secrets.MASK : e.getValue();
      b.append('"').append(e.getKey()).append("\"=\"").append(v).append("\"\n");
    }
    b.append("**********************************************");
    System.out.println(b);
  }

  static void operation(String what, String table, String key, Set<String> fields, Map<String, ByteIterator> values,
      int scanLength) {
    StringBuilder b = new StringBuilder(what).append(' ').append(table).append(' ').append(key);
    if (what.equals("DELETE")) {
      System.out.println(b);
      return;
    }
    if (scanLength >= 0) {
      b.append(' ').append(scanLength);
    }
    b.append(" [ ");
    if (values != null) {
      for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
        b.append(e.getKey()).append('=').append(e.getValue()).append(' ');
      }
    } else if (fields != null) {
      for (String f : fields) {
        b.append(f).append(' ');
      }
    } else if (!what.equals("UPDATE") && !what.equals("INSERT")) {
      b.append("<all fields>");
    }
    System.out.println(b.append(']'));
  }
}
