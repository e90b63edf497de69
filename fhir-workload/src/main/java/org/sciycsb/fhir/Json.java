package org.sciycsb.fhir;

/** JSON string escaping for the generator's text. */
final class Json {
  private Json() {}

  static String esc(String s) {
    StringBuilder sb = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\' || c < 0x20) {
        if (sb == null) {
          sb = new StringBuilder(s.length() + 8).append(s, 0, i);
        }
        switch (c) {
          case '"':
            sb.append("\\\"");
            break;
          case '\\':
            sb.append("\\\\");
            break;
          case '\n':
            sb.append("\\n");
            break;
          default:
            sb.append(String.format("\\u%04x", (int) c));
        }
      } else if (sb != null) {
        sb.append(c);
      }
    }
    return sb == null ? s : sb.toString();
  }
}
