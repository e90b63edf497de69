/**
 * The bindings the engine carries itself: {@code basic} (a store that does nothing: the client's own overhead, and
 * the worked example of docs/writing-a-binding.md) and the adapter that runs any {@code site.ycsb.DB} class given
 * with {@code -db}, with {@link org.sciycsb.bindings.ClassProperties}, the property names such an upstream class
 * (a DB, or a workload class run unchanged) declares.
 */
package org.sciycsb.bindings;
