package org.sciycsb.api;

/**
 * A measured operation, resolved to an index once at start so that recording needs no lookup.
 *
 * @param name      the name in every output ({@code READ}, {@code FHIR_RECENT}, ...)
 * @param index     the engine's slot for it
 * @param composite true when the operation is made of other measured operations (read-modify-write):
 *                  it is reported but not added into OVERALL, whose parts already are
 */
public record Operation(String name, int index, boolean composite) {}
