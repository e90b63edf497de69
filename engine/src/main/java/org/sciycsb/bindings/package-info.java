/**
 * The bindings the engine carries itself: {@code basic} (a store that does nothing: the client's own overhead, and
 * the worked example of docs/writing-a-binding.md) and the adapter that runs any {@code site.ycsb.DB} class given
 * with {@code -db}.
 */
package org.sciycsb.bindings;
